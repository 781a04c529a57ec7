// Checks that a request's key (GetItem/DeleteItem/UpdateItem Key) or item (PutItem Item) fits
// the table's key schema and its indexes' key types, with the service's messages.
#pragma once

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "storage/key_layout.h"
#include "storage/table_schema.h"

namespace ddbemu::ops {

// A Key map must hold exactly the table's key attributes, each of its declared type:
// otherwise "The provided key element does not match the schema".
Status ValidateKey(const TableSchema& table, const Item& key);
// The same check, answering where the valid key's values are (for storage::EncodeTableKey
// without a second lookup of each attribute).
Status ValidateKey(const TableSchema& table, const Item& key, storage::KeyValues* values);

// A full item must hold the table's key attributes with their declared types, and any index
// key attribute it holds must have the type the index declares.
Status ValidateItemKeys(const TableSchema& table, const Item& item);

// The item's primary key attributes only.
Item ExtractKey(const TableSchema& table, const Item& item);

}  // namespace ddbemu::ops
