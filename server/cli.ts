// The `oncoagent` command line: one subcommand per module; exit 0 ok, 1 bad input (a bad variable included: each
// command parses the environment once, server/config), 2 dependency unavailable.
import './fhir/quiet-logs';
import { Command, Option } from 'commander';
import { createAnswerer, createRetrieve } from './answer';
import { type BenchFlags, benchCommand } from './commands/bench';
import { type CheckFlags, checkCommand } from './commands/check';
import { CliError } from './commands/cli-error';
import { type EvalCommandFlags, evalCommand } from './commands/eval';
import { type FollowUpFlags, followUpCommand } from './commands/follow-up';
import { type KeysGenerateFlags, keysGenerateCommand } from './commands/keys';
import {
  type AuditFlags,
  type IngestFlags,
  knowledgeAuditCommand,
  knowledgeIngestCommand,
  knowledgeSearchCommand,
  type SearchFlags,
} from './commands/knowledge';
import { type RegistryRunFlags, registryRunCommand } from './commands/registry';
import { type SandboxExportFlags, sandboxExportCommand } from './commands/sandbox-export';
import { type ServeFlags, serveCommand } from './commands/serve';
import { type SynopticFlags, synopticCommand } from './commands/synoptic';
import { type ToolFlags, toolCommand } from './commands/tool';
import { validateCommand } from './commands/validate';
import { type WorkerFlags, workerCommand } from './commands/worker';
import { createWorkupDeps, type WorkupFlags, workupCommand } from './commands/workup';
import { loadConfig, type OncoConfig, VERSION } from './config';
import { registryWorkupDeps } from './registry/workup-deps';

/** A signal that aborts on the first SIGINT or SIGTERM (long-running commands stop cleanly and can resume). */
function stopSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}

/** Collects a repeatable option's values in order. */
const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** Workup dependencies (no trace files) for registry jobs. */
const registryDeps = (config: OncoConfig) => () => registryWorkupDeps(config);

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
      '--synthetic <n>',
      'with --sandbox: also load N synthetic colorectal patients and their Group (synthetic-cohort)'
    )
    .option(
      '--seed <dir>',
      'also load every transaction Bundle *.json in DIR (repeatable)',
      (v: string, acc: string[]) => [...acc, v],
      []
    )
    .action((flags: ServeFlags) => serveCommand(flags, loadConfig()));
  cmd
    .command('workup')
    .description('tumour-board workup of one patient: tools, findings and the cited answer (Markdown, or JSON)')
    .option('--fhir <url>', 'FHIR R4 base URL of the EHR')
    .option('--patient <id>', 'patient id (with --sandbox: an id or a name)')
    .option('--question <text>', "the clinician's question (default: a general workup)")
    .option('--token <token>', 'access token for --fhir (or ONCOAGENT_FHIR_TOKEN)')
    .option('--client-id <id>', "backend client id: client_credentials at the server's SMART token endpoint")
    .option('--client-secret <secret>', 'secret of --client-id (or ONCOAGENT_CLIENT_SECRET)')
    .option('--private-key <file>', 'private key of --client-id (JWK, JWKS or PEM): SMART Backend Services')
    .option('--key-id <kid>', 'kid of --private-key (default: the JWK kid, else its thumbprint)')
    .addOption(
      new Option('--alg <alg>', 'signing algorithm (default: inferred from the key)').choices(['RS384', 'ES384'])
    )
    .option('--json', 'print the WorkupResult JSON')
    .option('--sandbox', 'run against an in-process sandbox EHR with the demo patients')
    .option('--write', 'commit the write-back plan (preliminary resources) with the same credentials')
    .option(
      '--scope <scopes>',
      'SMART scopes to ask for with --client-id or --sandbox (default: explicit per-type scopes)'
    )
    .option('--follow-up <question>', 'a follow-up question asked after the workup (repeatable, in order)', collect, [])
    .action(async (flags: WorkupFlags) => {
      const config = loadConfig();
      await workupCommand(
        flags,
        () =>
          createWorkupDeps({ answerer: createAnswerer(), retrieve: createRetrieve({ config: config.rag }), config }),
        { stdout: process.stdout, stderr: process.stderr, fhir: config.fhir }
      );
    });
  cmd
    .command('follow-up')
    .description('a follow-up question on a workup saved with `workup --json`: keeps its tool results and answer')
    .option('--from <file>', 'the saved workup (or follow-up) result JSON')
    .option('--question <text>', 'the follow-up question (repeatable, asked in order)', collect, [])
    .option('--fhir <url>', 'FHIR R4 base URL of the EHR')
    .option('--patient <id>', "patient id (default the saved workup's; with --sandbox: an id or a name)")
    .option('--token <token>', 'access token for --fhir (or ONCOAGENT_FHIR_TOKEN)')
    .option('--client-id <id>', "backend client id: client_credentials at the server's SMART token endpoint")
    .option('--client-secret <secret>', 'secret of --client-id (or ONCOAGENT_CLIENT_SECRET)')
    .option('--private-key <file>', 'private key of --client-id (JWK, JWKS or PEM): SMART Backend Services')
    .option('--key-id <kid>', 'kid of --private-key (default: the JWK kid, else its thumbprint)')
    .addOption(
      new Option('--alg <alg>', 'signing algorithm (default: inferred from the key)').choices(['RS384', 'ES384'])
    )
    .option('--json', 'print each follow-up result as JSON')
    .option('--sandbox', 'run against an in-process sandbox EHR with the demo patients')
    .option('--scope <scopes>', 'SMART scopes to ask for with --client-id or --sandbox')
    .action(async (flags: FollowUpFlags) => {
      const config = loadConfig();
      await followUpCommand(
        flags,
        () =>
          createWorkupDeps({ answerer: createAnswerer(), retrieve: createRetrieve({ config: config.rag }), config }),
        { stdout: process.stdout, stderr: process.stderr, fhir: config.fhir }
      );
    });
  cmd
    .command('tool')
    .description("run one tool standalone: oncoagent tool NAME '{\"arg\": …}' (or --list for every tool's JSON schema)")
    .argument('[name]', 'tool name')
    .argument('[json]', 'arguments as a JSON object (default {})')
    .option('--list', 'print every tool with its JSON schema')
    .option('--fhir <url>', 'FHIR base URL for tools that resolve references')
    .option('--token <token>', 'access token for --fhir')
    .action((name: string | undefined, json: string | undefined, flags: ToolFlags) =>
      toolCommand(name, json, flags, loadConfig())
    );
  const knowledge = cmd.command('knowledge').description('the guideline knowledge base: ingest, search and audit');
  knowledge
    .command('ingest')
    .description('ingest markdown, JSONL, PDF and TEI documents into the index (incremental)')
    .argument('[dir]', 'folder (default knowledge/ or ONCOAGENT_KNOWLEDGE_DIR)')
    .option('--json', 'print JSON')
    .action((dir: string | undefined, flags: IngestFlags) => knowledgeIngestCommand(dir, flags, loadConfig()));
  knowledge
    .command('search')
    .description('ranked passages for a query (builds the index first if there is none)')
    .argument('<query>', 'the question or keywords')
    .option('--k <k>', 'passages to return', '10')
    .option('--json', 'print JSON')
    .action((query: string, flags: SearchFlags) => knowledgeSearchCommand(query, flags, loadConfig()));
  knowledge
    .command('audit')
    .description('list documents and sections without a source or a review within --max-age-days (exit 1 if any)')
    .argument('[dir]', 'folder (default knowledge/ or ONCOAGENT_KNOWLEDGE_DIR)')
    .option('--max-age-days <days>', 'oldest acceptable review, in days', '365')
    .option('--json', 'print JSON')
    .action((dir: string | undefined, flags: AuditFlags) => knowledgeAuditCommand(dir, flags, loadConfig()));
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
    .action((flags: SynopticFlags) => synopticCommand(flags, loadConfig()));
  cmd
    .command('eval')
    .description('accuracy figures: agent tool choice (default), --retrieval, --synoptic DIR')
    .option('--cases <dir>', 'patient cases folder (default ../shared/cases/patients)')
    .option('--synoptic <dir>', 'synoptic development cases (e.g. ../shared/cases/gross)')
    .option('--retrieval', 'retrieval recall@10, MRR, nDCG@10 on knowledge/eval')
    .option('--workup', 'also run each workup and score its report')
    .option('--citations-out <file>', 'with --workup: write each case’s cited passages (for judging) to FILE')
    .option('--json', 'print JSON')
    .action((flags: EvalCommandFlags) => evalCommand(flags, loadConfig()));
  cmd
    .command('check')
    .description(
      'self-test of a FHIR server for OncoAgent: what works, what to change (exit 0 ready, 1 change, 2 unreachable)'
    )
    .option('--fhir <url>', 'FHIR R4 base URL of the server to check')
    .option('--client-id <id>', "backend client id: client_credentials at the server's SMART token endpoint")
    .option('--client-secret <secret>', 'secret of --client-id (or ONCOAGENT_CLIENT_SECRET)')
    .option('--private-key <file>', 'private key of --client-id (JWK, JWKS or PEM): SMART Backend Services')
    .option('--key-id <kid>', 'kid of --private-key (default: the JWK kid, else its thumbprint)')
    .addOption(
      new Option('--alg <alg>', 'signing algorithm (default: inferred from the key)').choices(['RS384', 'ES384'])
    )
    .option('--token <token>', 'access token instead of a client (or ONCOAGENT_FHIR_TOKEN)')
    .option('--scope <scopes>', "SMART scopes to ask for (default: the CLI's explicit per-type scopes)")
    .option('--patient <id>', 'patient whose record is read (default: the first the server lists)')
    .option('--write-test', 'also write a real plan into a synthetic test patient, then delete everything again')
    .option('--json', 'print the report as JSON')
    .action(async (flags: CheckFlags) => {
      const config = loadConfig();
      process.exitCode = await checkCommand(flags, { stdout: process.stdout, fhir: config.fhir });
    });
  cmd
    .command('validate')
    .description('validate FHIR resources, Bundles or NDJSON files against base R4, fhir-profiles/ and --ig guides')
    .argument('<files...>', 'JSON or NDJSON files')
    .option(
      '--ig <name>',
      'also validate against an official package: mcode or sdc (repeatable; exit 2 if unavailable)',
      (v: string, prev: string[] = []) => [...prev, v]
    )
    .option('--json', 'print the OperationOutcome as JSON')
    .action(validateCommand);
  cmd
    .command('keys')
    .description('key pairs for SMART Backend Services')
    .command('generate')
    .description('write a private JWK (0600) and the public JWKS to register with the EHR')
    .option('--out <dir>', 'folder to write private-key.jwk.json and jwks.json to')
    .addOption(new Option('--alg <alg>', 'ES384 (default) or RS384').choices(['ES384', 'RS384']))
    .action(async (flags: KeysGenerateFlags) => {
      await keysGenerateCommand(flags);
    });
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
  const registry = cmd.command('registry').description('cohort runs for registries: Bulk Data export in, NDJSON out');
  registry
    .command('run')
    .description('export a Group, run each patient (workup, synoptic), write per-type NDJSON, statuses and a manifest')
    .option('--fhir <url>', 'FHIR R4 base URL of the EHR')
    .option('--group <id>', 'the Group to export (with --sandbox: default demo-group-all)')
    .option('--out <dir>', 'run folder (the same folder resumes an interrupted run)')
    .option('--token <token>', 'access token (or ONCOAGENT_FHIR_TOKEN)')
    .option('--client-id <id>', 'SMART Backend Services client id')
    .option('--private-key <file>', 'private key (JWK or PEM) of --client-id: signed client assertion')
    .option('--key-id <kid>', 'kid of --private-key (default: the JWK kid, else its thumbprint)')
    .addOption(
      new Option('--alg <alg>', 'signing algorithm (default: inferred from the key)').choices(['RS384', 'ES384'])
    )
    .option('--client-secret <secret>', 'secret of --client-id (or ONCOAGENT_CLIENT_SECRET)')
    .option('--scope <scopes>', 'SMART scopes to ask for (default: explicit system/ read scopes, writes with --write)')
    .option('--what <parts>', 'workup,synoptic (default both)')
    .option('--write', 'commit each patient’s write-back plan (preliminary resources)')
    .option('--workers <n>', 'jobs at once in this process (without REDIS_URL)', '1')
    .option('--json', 'print the manifest JSON')
    .option('--sandbox', 'run against an in-process sandbox EHR with the demo patients')
    .action(async (flags: RegistryRunFlags) => {
      const config = loadConfig();
      await registryRunCommand(flags, config, registryDeps(config), {
        stdout: process.stdout,
        stderr: process.stderr,
        signal: stopSignal(),
      });
    });
  cmd
    .command('worker')
    .description('run registry jobs from Redis (REDIS_URL) until SIGTERM/SIGINT')
    .option('--fhir <url>', 'FHIR R4 base URL the jobs read (jobs for another server are refused)')
    .option('--token <token>', 'access token (or ONCOAGENT_FHIR_TOKEN)')
    .option('--client-id <id>', 'SMART Backend Services client id')
    .option('--private-key <file>', 'private key (JWK or PEM) of --client-id')
    .option('--key-id <kid>', 'kid of --private-key (default: the JWK kid, else its thumbprint)')
    .addOption(
      new Option('--alg <alg>', 'signing algorithm (default: inferred from the key)').choices(['RS384', 'ES384'])
    )
    .option('--client-secret <secret>', 'secret of --client-id (or ONCOAGENT_CLIENT_SECRET)')
    .option('--scope <scopes>', 'SMART scopes to ask for')
    .option('--concurrency <n>', 'jobs at once in this process', '1')
    .action(async (flags: WorkerFlags) => {
      const config = loadConfig();
      await workerCommand(flags, config, registryDeps(config), { stderr: process.stderr, signal: stopSignal() });
    });
  cmd
    .command('bench')
    .description('measure performance figures (DESIGN §6)')
    .option('--json', 'print JSON')
    .option('--only <names>', 'comma-separated: record, segmentation, retrieval, synoptic, workup, load, registry')
    .option('--repeat <n>', 'registry: pairs of one- and two-worker runs; medians reported (default 1)')
    .option('--cohort <n>', 'registry: synthetic patients in the cohort (default 1000)')
    .option('--slice <n>', 'registry: patients of the smaller run, for peak RSS against the whole cohort (default 200)')
    .option('--cache-only', 'registry: leave out the pair of runs with the retrieval query cache off')
    .action((flags: BenchFlags) => benchCommand(flags, loadConfig()));
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
