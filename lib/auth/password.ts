import { hash, verify } from "@node-rs/argon2";
export { PASSWORD_MIN_LENGTH } from "./password-rules";

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). Algorithm 2 is Argon2id: the package
// declares it as an ambient const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the account does not exist, so a wrong email costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  try {
    if (!passwordHash) {
      dummyHash ??= hash("no-such-account-placeholder", OPTIONS);
      await verify(await dummyHash, password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
