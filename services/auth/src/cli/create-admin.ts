import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { USER_TYPE, translate } from '@esim/contracts';
import { AppError, createDb, migrateService } from '@esim/platform';
import type { z } from 'zod';
import { createAccount } from '../accounts/accounts';
import { emailField, newPasswordField, personNameField } from '../schemas';
import { hashPassword } from '../accounts/passwords';
import { loadAuthConfig } from '../config';

/**
 * `npm run create-admin -- --email x --name "Full Name" [--password-stdin]`: the first admin of a
 * fresh installation (works in production mode; demo mode has the seeded admin). The password is
 * read from stdin with --password-stdin (scripts), otherwise prompted twice without echo.
 */
const USAGE = 'Usage: npm run create-admin -- --email admin@example.com --name "Full Name" [--password-stdin]';
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

class UsageError extends Error {}

function parsed<T extends z.ZodType>(schema: T, value: unknown, field: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new UsageError(`${field}: ${issue.message.includes('_') ? translate(issue.message, 'en') : issue.message}`);
  }
  return result.data;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // The trailing newline of `echo` or a file is not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY)
    return Promise.reject(new UsageError('no terminal to prompt for the password: pipe it with --password-stdin'));
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const done = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return (done(), resolve(value));
        if (char === '\u0003') return (done(), reject(new UsageError('cancelled')));
        value = char === '\u007f' || char === '\b' ? value.slice(0, -1) : value + char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.email || !values.name) throw new UsageError(USAGE);
  const email = parsed(emailField, values.email, 'email');
  const fullName = parsed(personNameField, values.name, 'name');

  let password: string;
  if (values['password-stdin']) {
    password = await readStdin();
  } else {
    password = await promptHidden('Password: ');
    if ((await promptHidden('Repeat password: ')) !== password) throw new UsageError('the passwords do not match');
  }
  parsed(newPasswordField, password, 'password');
  if (password.trim().toLowerCase() === email)
    throw new UsageError(`password: ${translate('password_equals_email', 'en')}`);

  const config = loadAuthConfig();
  const db = createDb(config.DATABASE_URL, 'auth', 2);
  try {
    await migrateService(db, { schema: 'auth', directory: MIGRATIONS });
    const passwordHash = await hashPassword(password);
    const admin = await db.transaction((trx) =>
      createAccount(
        trx,
        { email, fullName, passwordHash, userType: USER_TYPE.admin },
        { locale: 'en', correlationId: 'create-admin' },
      ),
    );
    console.log(`Admin ${admin.email} created (id ${admin.id}). Sign in at /login.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`create-admin: ${error.message}`);
  else if (error instanceof AppError) console.error(`create-admin: ${translate(error.code, 'en')}`);
  else console.error('create-admin failed:', error);
  process.exitCode = 1;
});
