// jest globalTeardown: stops the servers jest-global-setup.mjs started.
export default async function globalTeardown() {
  const servers = globalThis.__DDB_LOCAL_SERVERS__ ?? [];
  delete globalThis.__DDB_LOCAL_SERVERS__;
  await Promise.all(servers.map((s) => s.stop()));
}
