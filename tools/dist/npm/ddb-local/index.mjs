// ESM entry of ddb-local: the same functions as index.js.
import cjs from "./index.js";

export const { binaryPath, platformPackage, PLATFORM_PACKAGES, version } = cjs;
export default cjs;
