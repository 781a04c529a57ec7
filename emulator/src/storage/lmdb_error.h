// How LMDB failures become ApiErrors. LMDB reports failures as integer codes; everything
// above storage/ speaks DynamoDB errors, so every LMDB call site converts here, in one place,
// and keeps the library's own text (mdb_strerror) so a failure can be diagnosed from the
// message alone.
#pragma once

#include <string_view>

#include "ddbemu/error.h"

namespace ddbemu::storage {

// An InternalServerError naming the LMDB call that failed and LMDB's description of `rc`.
// MDB_MAP_FULL gets a message that says what to do about it (raise map_size_bytes), because
// it is the one failure a user can cause and fix.
ApiError LmdbError(std::string_view call, int rc);

// The same error for a Status-returning call; Ok when rc is 0 (MDB_SUCCESS).
inline Status LmdbStatus(std::string_view call, int rc) {
  if (rc == 0) return Status::Ok();
  return LmdbError(call, rc);
}

// A stored record that does not decode: a bug or on-disk corruption, never a user error.
ApiError CorruptionError(std::string_view what);

}  // namespace ddbemu::storage
