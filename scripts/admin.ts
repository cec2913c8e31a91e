// npm run admin -- create --email E [--name "Display Name"] [--link] [--url URL] | reset --email E [--link] | reset-mfa --email E | list
// Operators from the command line: scripts/adminCli.ts says what each command does.
import { runAdminCli } from './adminCli';

try {
  const code = await runAdminCli(process.argv.slice(2), {
    env: process.env,
    stdin: process.stdin,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
  process.exit(code);
} catch (error) {
  console.error(error);
  process.exit(1);
}
