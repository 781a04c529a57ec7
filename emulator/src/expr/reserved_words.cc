// The reserved-word list of the DynamoDB Developer Guide ("Reserved words in DynamoDB"), in
// lower case and sorted, so that lookup is a binary search without allocation.
//
// One deliberate difference from the printed list: SIZE is not reserved. The service's parser
// reads `size` as the function name and accepts it as an attribute name (`SET size = :v`,
// `size = :v`); DynamoDB Local, which ships the service's keyword table, behaves the same.
// REMOVE is missing from the printed list but is a keyword of the grammar, so it cannot be an
// attribute name either (the lexer makes it a keyword token; see lexer.h).
#include "expr/static_checks.h"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string_view>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// A plain array: deducing std::array of ~570 elements exceeds clang's fold-expression limit.
// clang-format off
constexpr std::string_view kReservedWords[] = {
    "abort", "absolute", "action", "add", "after", "agent", "aggregate", "all", "allocate",
    "alter", "analyze", "and", "any", "archive", "are", "array", "as", "asc", "ascii",
    "asensitive", "assertion", "asymmetric", "at", "atomic", "attach", "attribute", "auth",
    "authorization", "authorize", "auto", "avg", "back", "backup", "base", "batch", "before",
    "begin", "between", "bigint", "binary", "bit", "blob", "block", "boolean", "both", "breadth",
    "bucket", "bulk", "by", "byte", "call", "called", "calling", "capacity", "cascade",
    "cascaded", "case", "cast", "catalog", "char", "character", "check", "class", "clob", "close",
    "cluster", "clustered", "clustering", "clusters", "coalesce", "collate", "collation",
    "collection", "column", "columns", "combine", "comment", "commit", "compact", "compile",
    "compress", "condition", "conflict", "connect", "connection", "consistency", "consistent",
    "constraint", "constraints", "constructor", "consumed", "continue", "copy", "corresponding",
    "count", "counter", "create", "cross", "cube", "current", "cursor", "cycle", "data",
    "database", "date", "datetime", "day", "deallocate", "dec", "decimal", "declare", "default",
    "deferrable", "deferred", "define", "defined", "definition", "delete", "delimited", "depth",
    "deref", "desc", "describe", "descriptor", "detach", "deterministic", "diagnostics",
    "directories", "disable", "disconnect", "distinct", "distribute", "do", "domain", "double",
    "drop", "dump", "duration", "dynamic", "each", "element", "else", "elseif", "empty", "enable",
    "end", "equal", "equals", "error", "escape", "escaped", "eval", "evaluate", "exceeded",
    "except", "exception", "exceptions", "exclusive", "exec", "execute", "exists", "exit",
    "explain", "explode", "export", "expression", "extended", "external", "extract", "fail",
    "false", "family", "fetch", "fields", "file", "filter", "filtering", "final", "finish",
    "first", "fixed", "flattern", "float", "for", "force", "foreign", "format", "forward",
    "found", "free", "from", "full", "function", "functions", "general", "generate", "get",
    "glob", "global", "go", "goto", "grant", "greater", "group", "grouping", "handler", "hash",
    "have", "having", "heap", "hidden", "hold", "hour", "identified", "identity", "if", "ignore",
    "immediate", "import", "in", "including", "inclusive", "increment", "incremental", "index",
    "indexed", "indexes", "indicator", "infinite", "initially", "inline", "inner", "innter",
    "inout", "input", "insensitive", "insert", "instead", "int", "integer", "intersect",
    "interval", "into", "invalidate", "is", "isolation", "item", "items", "iterate", "join",
    "key", "keys", "lag", "language", "large", "last", "lateral", "lead", "leading", "leave",
    "left", "length", "less", "level", "like", "limit", "limited", "lines", "list", "load",
    "local", "localtime", "localtimestamp", "location", "locator", "lock", "locks", "log",
    "loged", "long", "loop", "lower", "map", "match", "materialized", "max", "maxlen", "member",
    "merge", "method", "metrics", "min", "minus", "minute", "missing", "mod", "mode", "modifies",
    "modify", "module", "month", "multi", "multiset", "name", "names", "national", "natural",
    "nchar", "nclob", "new", "next", "no", "none", "not", "null", "nullif", "number", "numeric",
    "object", "of", "offline", "offset", "old", "on", "online", "only", "opaque", "open",
    "operator", "option", "or", "order", "ordinality", "other", "others", "out", "outer",
    "output", "over", "overlaps", "override", "owner", "pad", "parallel", "parameter",
    "parameters", "partial", "partition", "partitioned", "partitions", "path", "percent",
    "percentile", "permission", "permissions", "pipe", "pipelined", "plan", "pool", "position",
    "precision", "prepare", "preserve", "primary", "prior", "private", "privileges", "procedure",
    "processed", "project", "projection", "property", "provisioning", "public", "put", "query",
    "quit", "quorum", "raise", "random", "range", "rank", "raw", "read", "reads", "real",
    "rebuild", "record", "recursive", "reduce", "ref", "reference", "references", "referencing",
    "regexp", "region", "reindex", "relative", "release", "remainder", "rename", "repeat",
    "replace", "request", "reset", "resignal", "resource", "response", "restore", "restrict",
    "result", "return", "returning", "returns", "reverse", "revoke", "right", "role", "roles",
    "rollback", "rollup", "routine", "row", "rows", "rule", "rules", "sample", "satisfies",
    "save", "savepoint", "scan", "schema", "scope", "scroll", "search", "second", "section",
    "segment", "segments", "select", "self", "semi", "sensitive", "separate", "sequence",
    "serializable", "session", "set", "sets", "shard", "share", "shared", "short", "show",
    "signal", "similar", "skewed", "smallint", "snapshot", "some", "source", "space", "spaces",
    "sparse", "specific", "specifictype", "split", "sql", "sqlcode", "sqlerror", "sqlexception",
    "sqlstate", "sqlwarning", "start", "state", "static", "status", "storage", "store", "stored",
    "stream", "string", "struct", "style", "sub", "submultiset", "subpartition", "substring",
    "subtype", "sum", "super", "symmetric", "synonym", "system", "table", "tablesample", "temp",
    "temporary", "terminated", "text", "than", "then", "throughput", "time", "timestamp",
    "timezone", "tinyint", "to", "token", "total", "touch", "trailing", "transaction",
    "transform", "translate", "translation", "treat", "trigger", "trim", "true", "truncate",
    "ttl", "tuple", "type", "under", "undo", "union", "unique", "unit", "unknown", "unlogged",
    "unnest", "unprocessed", "unsigned", "until", "update", "upper", "url", "usage", "use",
    "user", "users", "using", "uuid", "vacuum", "value", "valued", "values", "varchar",
    "variable", "variance", "varint", "varying", "view", "views", "virtual", "void", "wait",
    "when", "whenever", "where", "while", "window", "with", "within", "without", "work",
    "wrapped", "write", "year", "zone",
};
// clang-format on

constexpr bool IsSortedAndLower() {
  for (std::size_t i = 1; i < std::size(kReservedWords); ++i) {
    if (!(kReservedWords[i - 1] < kReservedWords[i])) {
      return false;
    }
  }
  return true;
}
static_assert(IsSortedAndLower(), "binary search needs the list sorted");

constexpr std::size_t MaxWordLength() {
  std::size_t n = 0;
  for (std::string_view w : kReservedWords) n = std::max(n, w.size());
  return n;
}

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// Case-insensitive three-way comparison against a lower-case list entry.
int CompareFolded(std::string_view word, std::string_view entry) {
  const std::size_t n = std::min(word.size(), entry.size());
  for (std::size_t i = 0; i < n; ++i) {
    const char a = Lower(word[i]);
    if (a != entry[i]) return a < entry[i] ? -1 : 1;
  }
  if (word.size() == entry.size()) return 0;
  return word.size() < entry.size() ? -1 : 1;
}

}  // namespace

bool IsReservedWord(std::string_view word) {
  if (word.empty() || word.size() > MaxWordLength()) return false;
  std::size_t lo = 0, hi = std::size(kReservedWords);
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const int c = CompareFolded(word, kReservedWords[mid]);
    if (c == 0) return true;
    if (c < 0) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return false;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
