// The self-test's report shape lives in common/ (the app's /check page shows it); the checks import it from here.
export {
  type CheckFix,
  type CheckLine,
  type CheckReport,
  type CheckStatus,
  line,
  reportOf,
} from '../../common/check/report';
