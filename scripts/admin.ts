import { roleLabels } from '#app/features/accounts/roles.ts'

// `npm run admin -- grant <email>` makes an account an admin; `npm run admin -- revoke <email>` makes an admin
// an owner again (decision 063: an admin is a staff account, neither owner nor sitter). Works on the database
// DATABASE_URL names, as the server does (SQLite data/app.db by default, or PostgreSQL), brought up to date
// first. The account's sessions end with the change, so the new role applies from its next sign-in.
// Prints one line; exits 1 for an unknown e-mail or a command it does not know.

const usage = 'Usage: npm run admin -- grant <email> | revoke <email>'

const [command, email = '', ...rest] = process.argv.slice(2)

/** What is wrong with the command line, or null when it is a grant or revoke of one e-mail. */
function problemWith() {
  if (command !== 'grant' && command !== 'revoke') return command === undefined ? '' : `Unknown command: ${command}`
  if (!email.trim()) return `${command} needs an e-mail`
  if (rest.length > 0) return `Unexpected: ${rest.join(' ')}`
  return null
}

if (command === '--help' || command === '-h') {
  console.info(usage)
  process.exit(0)
}
const problem = problemWith()
if (problem !== null) {
  console.error(problem ? `${problem}\n${usage}` : usage)
  process.exit(1)
}

// The database module opens the database when it is imported: only once the command is known to be good.
const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { setAdminRole } = await import('#app/features/accounts/account-status.server.ts')

const address = email.trim().toLowerCase()
const granting = command === 'grant'
try {
  await migrateToLatest(db)
  const was = await setAdminRole(address, granting)
  if (was === null) {
    console.error(`No account with the e-mail ${address}`)
    process.exitCode = 1
  } else if (granting) {
    console.info(was === 'admin' ? `${address} is already an admin` : `${address} is now an admin (was ${roleLabels[was]})`)
  } else {
    console.info(was === 'admin' ? `${address} is no longer an admin (now ${roleLabels.owner})` : `${address} is not an admin (${roleLabels[was]}): nothing changed`)
  }
} finally {
  await db.destroy()
}
