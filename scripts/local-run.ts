/**
 * The settings of a run on this machine (`npm start`, `npm run start:postgres`; DESIGN.md ruling 30, decision 073):
 * React's production build, with the local switch on (generated secrets, e-mails kept for /local/outbox).
 * LOCAL_RUN=false in the environment turns the switch off; NODE_ENV is production whatever it says.
 */
export function localRunSettings(environment: NodeJS.ProcessEnv) {
  return { NODE_ENV: 'production', LOCAL_RUN: environment.LOCAL_RUN || 'true' }
}
