// The offline extractor of the CD99 pattern template: localization and distribution read from the CD99 clause of the
// report (negation with scope, other markers of a panel kept apart, non-tumour cells ignored), preferring an
// addendum's result over a stain reported as failed or pending.

import type { Answers } from '../../../common/contracts';
import { type DocSentence, makeDoc, noAnswer, ruleAnswer } from '../text/doc';
import { findProportions } from '../text/numbers-extent';
import { CD99, type Cd99Clause, cd99Clause } from './cd99-clause';
import { distributionOf, localizationOf } from './cd99-pattern';

/** A stain without a result: failed, not interpretable, or still to come. */
const NO_RESULT =
  /\b(?:fail\w*|non-?diagnostic|uninterpretable|not interpretable|suboptimal|inadequate|non-?contributory|pending|to follow|will be (?:reported|issued|repeated)|(?:is|was|will be) repeated|in progress)\b/i;
/** The start of an addendum, whose results replace what the report said before. */
const ADDENDUM = /^\s*(?:addend(?:um|a)|amended|supplementary report|revised)\b/i;
/** A sentence that goes on describing the stain just named ("The staining is membranous."). */
const ANAPHOR =
  /^\s*(?:the |this )?(?:staining|stain|reactivity|immunoreactivity|expression|positivity|labell?ing|pattern|it|locali[sz]ation|distribution|extent|intensity|proportion|percent(?:age)?|fraction|positive (?:tumou?r )?cells)\b/i;
const POSITIVE = /\bpositiv\w*|\bexpress\w*|\bstain\w*|\breactiv\w*|\blabel\w*|\bhighlight\w*|\+/i;

/** A localization word attached to the CD99 mention ("membranous CD99", "CD99 membranous staining"). */
const ATTACHED_LOCALIZATION =
  /\b(?:membran\w*|cytoplasm\w*|dot-like)\s+(?:\w+\s+)?(?=CD[\s-]?99\b)|\bCD[\s-]?99\s+(?:\w+\s+)?(?:membran\w*|cytoplasm\w*|dot-like)\b/i;

/**
 * "Membranous CD99 is not seen; the tumour shows cytoplasmic CD99 in 10 %" / "does not show membranous CD99; there is
 * focal cytoplasmic staining": the negation denies one localization of CD99, and the clause after it states the one the
 * tumour has. Returns that clause, or undefined when CD99 itself is negative.
 */
function deniedPattern(sentence: string, c: Cd99Clause): Cd99Clause | undefined {
  if (!c.negated || !ATTACHED_LOCALIZATION.test(sentence.slice(c.start, c.end))) return undefined;
  // The clause already goes on past the denial with the pattern the tumour has.
  if (localizationOf(c.visible)) return { ...c, negated: false };
  const after = sentence.slice(c.end).replace(/^\s*(?:;|,?\s*\b(?:but|however|whereas|while)\b)/i, '');
  if (after.length === sentence.length - c.end) return undefined;
  const next = cd99Clause(CD99.test(after) ? after : `CD99 ${after}`);
  return next && !next.negated && localizationOf(next.visible) ? next : undefined;
}

/** "CD99 is negative except for rare weakly stained cells": the exception is the staining the tumour has. */
const EXCEPT = /\b(?:except(?:\s+for)?|apart from|other than|save for|but for|with the exception of)\b/i;

function exceptPattern(sentence: string, c: Cd99Clause): Cd99Clause | undefined {
  if (!c.negated) return undefined;
  const m = EXCEPT.exec(sentence.slice(c.start));
  if (!m) return undefined;
  const next = cd99Clause(`CD99 ${sentence.slice(c.start + m.index + m[0].length)}`);
  const described = next && (localizationOf(next.visible) || distributionOf(next.visible));
  return next && !next.negated && described ? next : undefined;
}

/** "CD99 failed to stain the tumour cells": the stain worked and the tumour did not take it up. */
const FAILED_TO_STAIN = /\bCD[\s-]?99\b[^.;]{0,20}?\bfail(?:s|ed)?\s+to\s+(?:stain|label|highlight|mark|decorate)\b/i;

interface Reading {
  sentences: DocSentence[];
  negative: boolean;
  positive: boolean;
  visible: string;
}

/** What a tumour type usually shows, or a differential diagnosis: a statement about an entity, not this tumour. */
const GENERIC =
  /\b(?:typically|usually|classically|characteristically|generally|commonly|differential(?: diagnosis)?)\b/i;
const THIS_CASE = /\b(?:this|present|current) (?:tumou?r|case|lesion|neoplasm)\b|\bhere\b|\bin this case\b/i;

/** Blanks the segments of a sentence (between semicolons and commas outside brackets) that state a generic pattern. */
function withoutGeneric(t: string): string {
  const out = t.split('');
  let depth = 0;
  let from = 0;
  const close = (to: number) => {
    const seg = t.slice(from, to);
    if (GENERIC.test(seg) && !THIS_CASE.test(seg)) for (let i = from; i < to; i++) out[i] = ' ';
    from = to + 1;
  };
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if ((c === ';' || c === ',') && depth === 0) close(i);
  }
  close(t.length);
  return out.join('');
}

function read(sentence: DocSentence, next: DocSentence[]): Reading | undefined {
  const s = { ...sentence, masked: withoutGeneric(sentence.masked) };
  const first = cd99Clause(s.masked);
  if (!first) return undefined;
  if (FAILED_TO_STAIN.test(s.masked)) return { sentences: [s], negative: true, positive: false, visible: '' };
  if (NO_RESULT.test(s.masked.slice(first.start, first.end))) return undefined;
  const c = deniedPattern(s.masked, first) ?? exceptPattern(s.masked, first) ?? first;
  let visible = c.visible;
  const sentences = [s];
  // "CD99 is positive. The staining is diffuse and membranous." (or after a semicolon): the words that follow go on
  // describing the same stain.
  const rest =
    c === first && /^\s*;/.test(s.masked.slice(c.end)) ? s.masked.slice(c.end).replace(/^\s*;/, '') : undefined;
  // "CD99: positive. Localization: membranous. Distribution: patchy.": each following sentence that goes on about the
  // stain adds its words, until one that does not.
  const follow = [[rest, s] as const, ...next.map((n) => [n.masked, n] as const)];
  for (const [more, from] of follow) {
    if (more === undefined) continue;
    if (!ANAPHOR.test(more) || CD99.test(more)) {
      if (from === s) continue;
      break;
    }
    const clause = cd99Clause(`CD99 ${more}`);
    if (!clause) break;
    visible += ` ${clause.visible}`;
    if (!sentences.includes(from)) sentences.push(from);
    if (from === s) break;
  }
  const described = localizationOf(visible) !== undefined || distributionOf(visible) !== undefined;
  // "CD99 shows 0 % staining": none of the tumour cells stain.
  const none = findProportions(visible).some((p) => p.high === 0) && !localizationOf(visible);
  const negative = c.negated || none || (c.unattachedNegation && !described);
  return { sentences, negative, positive: described || POSITIVE.test(visible), visible };
}

/**
 * Extracts the CD99 pattern.
 * @param report - The report text.
 * @returns Answers by linkId and issues.
 */
export function extractCd99(report: string): { answers: Answers; issues: string[] } {
  const doc = makeDoc(report);
  const addendumAt = doc.sentences.find((s) => ADDENDUM.test(s.masked))?.index ?? Number.POSITIVE_INFINITY;
  const readings = doc.sentences
    .map((s) => ({ s, r: read(s, doc.sentences.slice(s.index + 1, s.index + 4)) }))
    .filter((x): x is { s: DocSentence; r: Reading } => x.r !== undefined && (x.r.negative || x.r.positive));
  if (!doc.sentences.some((s) => CD99.test(s.masked)))
    return { answers: {}, issues: ['The report does not mention CD99.'] };
  const late = readings.filter((x) => x.s.index >= addendumAt);
  const pick = (late.length ? late : readings).map((x) => x.r);
  const first = pick[0];
  if (!first) {
    return { answers: {}, issues: ['The report names CD99 but gives no interpretable result.'] };
  }
  if (first.negative) {
    const why = 'CD99 is negative in the tumor.';
    return {
      answers: {
        'cd99-localization': ruleAnswer('Negative (no staining)', first.sentences, why),
        'cd99-distribution': ruleAnswer('Not applicable', first.sentences, `${why} Distribution does not apply.`),
      },
      issues: [],
    };
  }
  const withLoc = pick.find((r) => !r.negative && localizationOf(r.visible));
  const withDist = pick.find((r) => !r.negative && distributionOf(r.visible));
  const localization = withLoc && localizationOf(withLoc.visible);
  const distribution = withDist && distributionOf(withDist.visible);
  return {
    answers: {
      'cd99-localization':
        withLoc && localization
          ? ruleAnswer(
              localization,
              withLoc.sentences,
              `The CD99 staining is described as ${localization.toLowerCase()}.`
            )
          : noAnswer('CD99 is positive but the staining pattern is not described.'),
      'cd99-distribution':
        withDist && distribution
          ? ruleAnswer(
              distribution.value,
              withDist.sentences,
              `The CD99 staining is ${distribution.value.toLowerCase()}: ${distribution.why}.`
            )
          : noAnswer('The extent of CD99 staining is not described.'),
    },
    issues: [],
  };
}
