// The persisted form of a TableSchema in the catalog: a version byte and one record
// (record_codec.h). Compact, binary and append-only compatible: a field added to TableSchema
// is appended to the writer and reader here, and databases written before still decode.
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "storage/table_schema.h"

namespace ddbemu::storage {

// Appends the encoding of `schema` to `out`.
void EncodeTableSchema(const TableSchema& schema, std::string* out);

// Decodes what EncodeTableSchema wrote (by this or an earlier version). Fails with an
// InternalServerError on malformed bytes or a version newer than this code knows.
Result<TableSchema> DecodeTableSchema(std::string_view bytes);

}  // namespace ddbemu::storage
