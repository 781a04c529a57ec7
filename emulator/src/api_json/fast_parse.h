// The request parse's fast paths: a subset parse of the bodies SDKs send, the plain attribute
// maps, and the members of a read request found in one pass. Each gives what the general path
// would, sooner; anything outside it goes to the general path.
//
// ---- the subset parse ---------------------------------------------------------------------------
// A parse of the request bodies SDKs send, into the same document RapidJSON builds, at about
// half its cost: RapidJSON's reader is general (escapes, every number form, encodings, error
// offsets), and at about 2,800 instructions it was the largest piece of a read request's parse
// (hrbench's read mix). Bodies outside its subset are left to RapidJSON.
//
// The subset: RFC 8259 JSON of ASCII bytes without NUL, whose strings hold no backslash and no
// byte below 0x20, whose numbers are non-negative integers of at most 9 digits, and whose
// nesting is at most kMaxPlainJsonDepth deep. Whitespace, literals, objects and arrays are
// JSON's, with nothing RapidJSON's default flags do not accept (no comments, no trailing
// commas, one root value and nothing after it). Inside the subset no UTF-8 needs validating,
// and no escape decoding, so the bytes of each string are its value.
#pragma once

#include <rapidjson/document.h>

#include <cstddef>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Parses `text[0..size)` in place into `doc` (a fresh document), as doc.ParseInsitu would
// with RapidJSON's default flags: the same values, members in the same order, each string a
// NUL-terminated view into `text`. Returns false, `doc` then unchanged and `text` possibly
// altered, for a body outside the subset or not JSON at all: parse a fresh copy of the body
// with RapidJSON then.
// `text` must be 16-byte aligned and be followed by NUL bytes up to a multiple of 16 bytes
// (RequestBodyScratch::Copy, request_body.h): strings are scanned in aligned 16-byte blocks,
// which then stay inside it.
bool ParsePlainJsonInsitu(char* text, std::size_t size, rapidjson::Document& doc);

// The open containers are kept in an array of this many entries (the parse does not recurse);
// RapidJSON's in-place parse, which the caller bounds to about as many, takes deeper bodies.
inline constexpr std::size_t kMaxPlainJsonDepth = 128;

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE

// ---- plain attribute maps -----------------------------------------------------------------------
// The attribute maps of a typical request (a GetItem's Key, a Query's ExpressionAttributeValues)
// read without the general codec's passes: when every value is a single S or N member holding a
// JSON string, the serialization check, the nesting check and the member walk of
// ItemFromJson (value_json/json_codec.h) can have only one outcome, so the map is built
// directly. Any other map is left to the codec, which then reports whatever is wrong in the
// service's order.
namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {

// True, with `*out` as ItemFromJson(json) would return it (and as ExpressionValuesFromJson,
// which differs only in error wording), when `json` is an object whose every member value is
// {"S": "<string>"} or {"N": "<number>"} with a number the codec accepts. False otherwise,
// `*out` then unspecified: call the codec.
bool ReadPlainAttributeMap(const rapidjson::Value& json, Item* out);

// ItemFromJson and ExpressionValuesFromJson (value_json/json_codec.h) with the fast path first:
// the same result and the same error for every input.
Result<Item> AttributeMapFromJson(const rapidjson::Value& json);
Result<Item> ExpressionValueMapFromJson(const rapidjson::Value& json);

// ---- read members -------------------------------------------------------------------------------
// ReadMembers: the members of a Query, Scan or GetItem request body that its parse reads
// (reads_codec.cc, items_codec.cc), found in one pass over the body. Looked up one by one,
// each name was a scan of the body's members of its own (seventeen scans for a Query, about a
// third of its parse under hrbench's read mix); one pass that switches on a name's length
// finds them all. Each member reads as Member() (json_read.h) answers: the first of a repeated
// name counts, and a JSON null is absent.

struct ReadMembers {
  const rapidjson::Value* table_name = nullptr;
  const rapidjson::Value* index_name = nullptr;
  const rapidjson::Value* select = nullptr;
  const rapidjson::Value* limit = nullptr;
  const rapidjson::Value* consistent_read = nullptr;
  const rapidjson::Value* return_consumed_capacity = nullptr;
  const rapidjson::Value* filter_expression = nullptr;
  const rapidjson::Value* projection_expression = nullptr;
  const rapidjson::Value* conditional_operator = nullptr;
  const rapidjson::Value* attributes_to_get = nullptr;
  const rapidjson::Value* query_filter = nullptr;
  const rapidjson::Value* scan_filter = nullptr;
  const rapidjson::Value* names = nullptr;   // ExpressionAttributeNames
  const rapidjson::Value* values = nullptr;  // ExpressionAttributeValues
  const rapidjson::Value* exclusive_start_key = nullptr;
  // GetItem only.
  const rapidjson::Value* key = nullptr;
  // Query only.
  const rapidjson::Value* scan_index_forward = nullptr;
  const rapidjson::Value* key_condition_expression = nullptr;
  const rapidjson::Value* key_conditions = nullptr;
  // Scan only.
  const rapidjson::Value* segment = nullptr;
  const rapidjson::Value* total_segments = nullptr;
};

// `body`'s members as above; all null when `body` is not an object.
ReadMembers FindReadMembers(const rapidjson::Value& body);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
