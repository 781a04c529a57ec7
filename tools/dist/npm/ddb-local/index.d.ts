/** The absolute path of this machine's ddb-local executable (from its platform package).
 *  Throws an Error saying what to do when there is no package for this platform or it is not
 *  installed. */
export function binaryPath(): string;
/** The name of the binary package for a platform (default: this machine's), or an Error saying
 *  why there is none (musl, glibc older than 2.34, another OS or CPU). */
export function platformPackage(platform?: string, arch?: string,
  libc?: "glibc" | "musl" | null, glibcVersion?: string): string | Error;
export const PLATFORM_PACKAGES: Readonly<Record<string, string>>;
export const version: string;
