// Conversion of LMDB result codes to ApiErrors (see lmdb_error.h).
#include "storage/lmdb_error.h"

#include <lmdb.h>

#include <string>

namespace ddbemu::storage {

ApiError LmdbError(std::string_view call, int rc) {
  std::string message(call);
  message += " failed: ";
  message += mdb_strerror(rc);
  if (rc == MDB_MAP_FULL) {
    message +=
        ". The database is full: it has reached its maximum size (map_size_bytes); reopen it "
        "with a larger map size";
  }
  return ApiError::InternalServerError(std::move(message));
}

ApiError CorruptionError(std::string_view what) {
  std::string message = "Stored data is corrupt: ";
  message += what;
  return ApiError::InternalServerError(std::move(message));
}

}  // namespace ddbemu::storage
