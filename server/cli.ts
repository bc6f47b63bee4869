// The `oncoagent` command line: one subcommand per module; exit 0 ok, 1 bad input, 2 dependency unavailable.
import './fhir/quiet-logs';
import { Command, Option } from 'commander';
import { createAnswerer, createRetrieve } from './answer';
import { benchCommand } from './commands/bench';
import { CliError } from './commands/cli-error';
import { evalCommand } from './commands/eval';
import { knowledgeIngestCommand, knowledgeSearchCommand } from './commands/knowledge';
import { type SandboxExportFlags, sandboxExportCommand } from './commands/sandbox-export';
import { serveCommand } from './commands/serve';
import { synopticCommand } from './commands/synoptic';
import { toolCommand } from './commands/tool';
import { validateCommand } from './commands/validate';
import { createWorkupDeps, type WorkupFlags, workupCommand } from './commands/workup';
import { VERSION } from './http/app';

/** Builds the command tree (exported for tests). */
export function program(): Command {
  const cmd = new Command('oncoagent').description('SMART on FHIR tumor-board assistant').version(VERSION);
  cmd
    .command('serve')
    .description('serve the app and API (with --sandbox: plus the development EHR)')
    .option('--port <port>', 'port (default PORT or 8080)')
    .option('--host <host>', 'interface to bind (default HOST or 127.0.0.1)')
    .option('--sandbox', 'serve the sandbox EHR at /sandbox (FHIR at /sandbox/fhir/R4)')
    .addOption(
      new Option('--sandbox-open', 'serve the sandbox FHIR API without auth (behind an external SMART server)')
    )
    .addOption(
      new Option(
        '--emulate <server>',
        'make the sandbox behave like a real server (ids, transactions, scopes)'
      ).choices(['medplum'])
    )
    .option('--atomic-transactions', 'with --emulate medplum: a project with atomic transactions enabled')
    .option(
      '--seed <dir>',
      'also load every transaction Bundle *.json in DIR (repeatable)',
      (v: string, acc: string[]) => [...acc, v],
      []
    )
    .action(serveCommand);
  cmd
    .command('workup')
    .description('tumour-board workup of one patient: tools, findings and the cited answer (Markdown, or JSON)')
    .option('--fhir <url>', 'FHIR R4 base URL of the EHR')
    .option('--patient <id>', 'patient id (with --sandbox: an id or a name)')
    .option('--question <text>', "the clinician's question (default: a general workup)")
    .option('--token <token>', 'access token for --fhir (or ONCOAGENT_FHIR_TOKEN)')
    .option('--client-id <id>', "backend client id: client_credentials at the server's SMART token endpoint")
    .option('--client-secret <secret>', 'secret of --client-id (or ONCOAGENT_CLIENT_SECRET)')
    .option('--json', 'print the WorkupResult JSON')
    .option('--sandbox', 'run against an in-process sandbox EHR with the demo patients')
    .option('--write', 'commit the write-back plan (preliminary resources) with the same credentials')
    .option(
      '--scope <scopes>',
      'SMART scopes to ask for with --client-id or --sandbox (default: explicit per-type scopes)'
    )
    .action(async (flags: WorkupFlags) => {
      await workupCommand(flags, () => createWorkupDeps({ answerer: createAnswerer(), retrieve: createRetrieve() }));
    });
  cmd
    .command('tool')
    .description("run one tool standalone: oncoagent tool NAME '{\"arg\": …}' (or --list for every tool's JSON schema)")
    .argument('[name]', 'tool name')
    .argument('[json]', 'arguments as a JSON object (default {})')
    .option('--list', 'print every tool with its JSON schema')
    .option('--fhir <url>', 'FHIR base URL for tools that resolve references')
    .option('--token <token>', 'access token for --fhir')
    .action(toolCommand);
  const knowledge = cmd.command('knowledge').description('the guideline knowledge base: ingest and search');
  knowledge
    .command('ingest')
    .description('ingest markdown, JSONL, PDF and TEI documents into the index (incremental)')
    .argument('[dir]', 'folder (default knowledge/ or ONCOAGENT_KNOWLEDGE_DIR)')
    .option('--json', 'print JSON')
    .action(knowledgeIngestCommand);
  knowledge
    .command('search')
    .description('ranked passages for a query (builds the index first if there is none)')
    .argument('<query>', 'the question or keywords')
    .option('--k <k>', 'passages to return', '10')
    .option('--json', 'print JSON')
    .action(knowledgeSearchCommand);
  cmd
    .command('synoptic')
    .description('structured synoptic data (QuestionnaireResponse) from free-text pathology')
    .requiredOption('--template <id>', 'cap-colorectal-resection | ajcc8-lung-resection | cd99-pattern')
    .option('--text <file>', 'one report as a text file')
    .option('--ndjson <file>', 'Bulk FHIR NDJSON of DiagnosticReports (resumable batch)')
    .option('--out <file>', 'output NDJSON for --ndjson (default: INPUT.synoptic.ndjson)')
    .option('--json', 'print the QuestionnaireResponse JSON')
    .option('--rounds <m>', 'reflection rounds at most (LLM mode)')
    .option('--backview <p>', 'previous rounds shown to the model (LLM mode)')
    .option('--strategy <s>', 'targeted (default) | full')
    .option('--llm <mode>', 'none | openai | local (default: ONCOAGENT_LLM)')
    .action(synopticCommand);
  cmd
    .command('eval')
    .description('accuracy figures: agent tool choice (default), --retrieval, --synoptic DIR')
    .option('--cases <dir>', 'patient cases folder (default ../shared/cases/patients)')
    .option('--synoptic <dir>', 'synoptic development cases (e.g. ../shared/cases/gross)')
    .option('--retrieval', 'retrieval recall@10, MRR, nDCG@10 on knowledge/eval')
    .option('--workup', 'also run each workup and score its report')
    .option('--json', 'print JSON')
    .action(evalCommand);
  cmd
    .command('validate')
    .description('validate a FHIR resource, Bundle or NDJSON file against base R4 and the profiles in fhir-profiles/')
    .argument('<file>', 'JSON or NDJSON file')
    .option('--json', 'print the OperationOutcome as JSON')
    .action(validateCommand);
  const sandbox = cmd.command('sandbox').description('the development EHR: export its demo patients');
  sandbox
    .command('export')
    .description('write each demo patient as a transaction Bundle (POST, urn:uuid references) for any FHIR R4 server')
    .option('--out <dir>', 'folder to write the Bundles to')
    .option(
      '--dicomweb <url>',
      'DICOMweb base the ImagingStudy endpoints point at',
      'http://localhost:8080/sandbox/dicomweb'
    )
    .action((flags: SandboxExportFlags) => {
      sandboxExportCommand(flags);
    });
  cmd
    .command('bench')
    .description('measure performance figures (DESIGN §6)')
    .option('--json', 'print JSON')
    .option('--only <names>', 'comma-separated: record, segmentation, retrieval, synoptic, workup, load')
    .action(benchCommand);
  return cmd;
}

/**
 * Runs the CLI and sets the exit code.
 * @param argv - process.argv.
 */
export async function main(argv: string[]): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`oncoagent: ${message}\n`);
    process.exitCode = err instanceof CliError ? err.exitCode : 1;
  }
}
