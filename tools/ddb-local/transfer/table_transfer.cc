// `ddb-local import` / `ddb-local export` (see table_transfer.h): the command line, the table's
// connection, the progress line, and the two loops.
#include "transfer/table_transfer.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "ddbemu/batch_all.h"
#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/http_client.h"
#include "ddbemu/json.h"
#include "ddbemu/paginate.h"
#include "ddbemu/retrying_client.h"
#include "ops/transfer/item_file.h"
#include "transfer/anonymiser.h"
#include "transfer/aws_export_layout.h"
#include "value/item_size.h"

namespace ddblocal {
namespace {

namespace fs = std::filesystem;
using ddbemu::ApiError;
using ddbemu::Item;

struct TransferFlags {
  std::string table;
  std::string db_path;
  bool shared_db = false;
  std::string endpoint;
  std::string region;
  std::string access_key;
  std::string secret_key;
  std::string create_table;  // import: "pk:S[,sk:N]"
  std::string rules_file;
  std::string seed = "ddb-local";
  std::string format = "lines";  // export: lines or aws
  std::string path;              // SOURCE or OUT
};

// Parses argv[2..): one or two dashes, a value as the next argument or after '='.
std::optional<TransferFlags> ParseFlags(int argc, const char* const* argv, bool importing,
                                        std::string& error) {
  TransferFlags f;
  const std::map<std::string_view, std::string*> valued = {{"table", &f.table},
                                                           {"dbPath", &f.db_path},
                                                           {"db-path", &f.db_path},
                                                           {"endpoint", &f.endpoint},
                                                           {"region", &f.region},
                                                           {"access-key", &f.access_key},
                                                           {"secret-key", &f.secret_key},
                                                           {"anonymise", &f.rules_file},
                                                           {"anonymize", &f.rules_file},
                                                           {"seed", &f.seed},
                                                           {"create-table", &f.create_table},
                                                           {"format", &f.format}};
  for (int i = 2; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.size() < 2 || arg[0] != '-') {
      if (!f.path.empty()) {
        error = "more than one path given: " + f.path + " and " + std::string(arg);
        return std::nullopt;
      }
      f.path = arg;
      continue;
    }
    arg.remove_prefix(arg[1] == '-' ? 2 : 1);
    std::optional<std::string_view> value;
    if (const auto eq = arg.find('='); eq != std::string_view::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    if (arg == "sharedDb" || arg == "shared-db") {
      f.shared_db = true;
      continue;
    }
    auto flag = valued.find(arg);
    if (flag == valued.end() || (arg == "create-table" && !importing) ||
        (arg == "format" && importing)) {
      error = "unknown option -" + std::string(arg);
      return std::nullopt;
    }
    if (!value) {
      if (i + 1 >= argc) {
        error = "-" + std::string(arg) + " needs a value";
        return std::nullopt;
      }
      value = argv[++i];
    }
    *flag->second = *value;
  }
  if (f.table.empty())
    error = "--table is required";
  else if (f.db_path.empty() == f.endpoint.empty())
    error = "give one of -dbPath DIR and --endpoint URL";
  else if (f.path.empty())
    error = importing ? "no SOURCE given" : "no OUT given";
  else if (f.format != "lines" && f.format != "aws")
    error = "--format is lines or aws";
  if (!error.empty()) return std::nullopt;
  return f;
}

// The table's client: a Database opened here (the fast path) or an endpoint, throttles and
// unprocessed items retried with the SDKs' backoff either way.
struct TableConnection {
  std::unique_ptr<ddbemu::Database> database;
  std::unique_ptr<ddbemu::Client> inner;
  std::unique_ptr<ddbemu::RetryingClient> client;
};

ddbemu::Result<TableConnection> Connect(const TransferFlags& f) {
  TableConnection c;
  const char* env_key = std::getenv("AWS_ACCESS_KEY_ID");
  const std::string region = !f.region.empty()           ? f.region
                             : std::getenv("AWS_REGION") ? std::getenv("AWS_REGION")
                                                         : "us-east-1";
  if (!f.db_path.empty()) {
    ddbemu::Options options;
    options.path = f.db_path;
    options.shared_db = f.shared_db;
    // An offline load: the capacity model's limits are for requests to a serving table.
    options.throttle = false;
    DDBEMU_ASSIGN_OR_RETURN(c.database, ddbemu::Database::Open(std::move(options)));
    c.inner = ddbemu::MakeEmbeddedClient(*c.database,
                                         {.access_key_id = !f.access_key.empty() ? f.access_key
                                                           : env_key             ? env_key
                                                                                 : "",
                                          .region = region});
  } else {
    ddbemu::HttpClientOptions options{.endpoint = f.endpoint, .region = region};
    if (!f.access_key.empty()) {
      options.credentials = ddbemu::AwsCredentials{f.access_key, f.secret_key, ""};
    }
    options.max_attempts = 1;  // the RetryingClient below retries
    DDBEMU_ASSIGN_OR_RETURN(c.inner, ddbemu::OpenHttpClient(std::move(options)));
  }
  c.client = std::make_unique<ddbemu::RetryingClient>(*c.inner);
  return c;
}

// "pk:S,sk:N" -> an on-demand table with that key.
ddbemu::Status CreateTable(ddbemu::Client& client, const std::string& table,
                           std::string_view spec) {
  ddbemu::CreateTableRequest request{.table_name = table};
  request.billing_mode = ddbemu::BillingMode::kPayPerRequest;
  while (!spec.empty()) {
    const std::size_t comma = spec.find(',');
    const std::string_view part = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    const std::size_t colon = part.find(':');
    const std::string_view type = colon == std::string_view::npos ? "S" : part.substr(colon + 1);
    if (type != "S" && type != "N" && type != "B") {
      return ApiError::Validation("--create-table: type '" + std::string(type) +
                                  "' is not S, N or B");
    }
    const std::string name(part.substr(0, colon));
    request.key_schema.push_back(
        {name, request.key_schema.empty() ? ddbemu::KeyType::kHash : ddbemu::KeyType::kRange});
    request.attribute_definitions.push_back({name, type == "S" ? ddbemu::ScalarAttributeType::kS
                                                   : type == "N"
                                                       ? ddbemu::ScalarAttributeType::kN
                                                       : ddbemu::ScalarAttributeType::kB});
  }
  if (request.key_schema.empty() || request.key_schema.size() > 2) {
    return ApiError::Validation("--create-table: give 'HASH:TYPE' or 'HASH:TYPE,RANGE:TYPE'");
  }
  auto created = client.CreateTable(request);
  if (!created.ok() && created.error().code() != ddbemu::ErrorCode::kResourceInUse) {
    return created.error();
  }
  // A server with transient statuses answers CREATING first: wait until writes are accepted.
  for (int i = 0; i < 600; ++i) {
    DDBEMU_ASSIGN_OR_RETURN(auto described, client.DescribeTable({.table_name = table}));
    if (described.table.table_status == ddbemu::TableStatus::kActive) return ddbemu::Status::Ok();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return ApiError::Validation("table " + table + " did not become ACTIVE");
}

struct TableKeys {
  std::vector<std::string> table_key;  // the table's key attributes
  std::set<std::string> all;           // the table's and its indexes'
  std::string table_arn;
};

ddbemu::Result<TableKeys> DescribeKeys(ddbemu::Client& client, const std::string& table) {
  DDBEMU_ASSIGN_OR_RETURN(auto described, client.DescribeTable({.table_name = table}));
  TableKeys keys{.table_arn = described.table.table_arn};
  for (const auto& k : described.table.key_schema) {
    keys.table_key.push_back(k.attribute_name);
    keys.all.insert(k.attribute_name);
  }
  for (const auto& index : described.table.global_secondary_indexes) {
    for (const auto& k : index.key_schema) keys.all.insert(k.attribute_name);
  }
  for (const auto& index : described.table.local_secondary_indexes) {
    for (const auto& k : index.key_schema) keys.all.insert(k.attribute_name);
  }
  return keys;
}

ddbemu::Result<std::optional<Anonymiser>> LoadRules(const TransferFlags& f,
                                                    const std::set<std::string>& keys) {
  if (f.rules_file.empty()) return std::optional<Anonymiser>();
  DDBEMU_ASSIGN_OR_RETURN(const std::string text, ReadWholeFile(f.rules_file));
  DDBEMU_ASSIGN_OR_RETURN(Anonymiser anonymiser, Anonymiser::Parse(text, f.seed));
  DDBEMU_RETURN_IF_ERROR(anonymiser.CheckKeyAttributes(keys));
  return std::optional<Anonymiser>(std::move(anonymiser));
}

// Items, items/s and bytes, redrawn on one line of stderr when it is a terminal; one summary
// line at the end either way (a log or CI wants the total, not the frames).
class ProgressMeter {
 public:
  explicit ProgressMeter(std::string what)
      : what_(std::move(what)), tty_(isatty(STDERR_FILENO) == 1), start_(Now()) {}

  void Add(std::size_t items, std::size_t bytes) {
    items_ += items;
    bytes_ += bytes;
    if (!tty_) return;
    const auto now = Now();
    if (now - drawn_ < std::chrono::milliseconds(100)) return;
    drawn_ = now;
    std::fprintf(stderr, "\r%s: %s\033[K", what_.c_str(), Figures(now).c_str());
  }

  void Finish(std::size_t failed) {
    if (tty_) std::fputs("\r\033[K", stderr);
    std::fprintf(stderr, "%s: %s%s\n", what_.c_str(), Figures(Now()).c_str(),
                 failed ? (", " + std::to_string(failed) + " failed").c_str() : "");
  }

  std::size_t items() const { return items_; }
  std::size_t bytes() const { return bytes_; }

 private:
  static std::chrono::steady_clock::time_point Now() { return std::chrono::steady_clock::now(); }

  std::string Figures(std::chrono::steady_clock::time_point now) const {
    const double seconds = std::chrono::duration<double>(now - start_).count();
    char text[160];
    std::snprintf(text, sizeof text, "%zu items, %.0f items/s, %.1f KiB in %.1f s", items_,
                  seconds > 0 ? static_cast<double>(items_) / seconds : 0.0,
                  static_cast<double>(bytes_) / 1024, seconds);
    return text;
  }

  std::string what_;
  bool tty_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point drawn_{};
  std::size_t items_ = 0;
  std::size_t bytes_ = 0;
};

// The files of SOURCE: an export directory's data files, or the one file.
ddbemu::Result<std::vector<fs::path>> SourceFiles(const fs::path& source) {
  std::error_code ec;
  if (fs::is_directory(source, ec)) {
    if (!IsAwsExportDirectory(source)) {
      return ApiError::Validation(source.string() +
                                  " is a directory without manifest-summary.json: give an AWS "
                                  "export's AWSDynamoDB/<id>/ directory or a file");
    }
    return ReadExportManifest(source);
  }
  if (!fs::is_regular_file(source, ec))
    return ApiError::Validation("no such file: " + source.string());
  return std::vector<fs::path>{source};
}

// An import file's format and compression: Ion when its name says so (an AWS export's
// data/*.ion.gz), DynamoDB JSON otherwise; compressed as its first bytes say (gzip, zstd).
ddbemu::ops::transfer::FileFormat FileFormatOf(const fs::path& file) {
  const std::string name = file.filename().string();
  return name.ends_with(".ion") || name.ends_with(".ion.gz") || name.ends_with(".ion.zst")
             ? ddbemu::ops::transfer::FileFormat::kIon
             : ddbemu::ops::transfer::FileFormat::kDynamoDbJson;
}

ddbemu::ops::transfer::Compression CompressionOf(std::string_view bytes) {
  const auto at = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
  if (bytes.size() >= 2 && at(0) == 0x1f && at(1) == 0x8b) {
    return ddbemu::ops::transfer::Compression::kGzip;
  }
  if (bytes.size() >= 4 && at(0) == 0x28 && at(1) == 0xb5 && at(2) == 0x2f && at(3) == 0xfd) {
    return ddbemu::ops::transfer::Compression::kZstd;
  }
  return ddbemu::ops::transfer::Compression::kNone;
}

// The writes gathered for one BatchWriteAll, one per key: a later line with the same key
// replaces an earlier one, as PutItem would, where BatchWriteItem would refuse the duplicate.
class WriteBuffer {
 public:
  explicit WriteBuffer(std::vector<std::string> key_names) : key_names_(std::move(key_names)) {}

  void Add(Item item) {
    Item key;
    for (const auto& name : key_names_) {
      if (const auto* v = item.get(name)) key[name] = *v;
    }
    const auto [at, fresh] = index_.try_emplace(ddbemu::ToJson(key), items_.size());
    if (fresh) {
      items_.push_back(std::move(item));
    } else {
      items_[at->second] = std::move(item);
    }
  }
  std::size_t size() const { return items_.size(); }

  // Writes and empties the buffer; the count of writes still unprocessed after every retry.
  ddbemu::Result<std::size_t> Flush(ddbemu::Client& client, const std::string& table) {
    ddbemu::BatchWriteItemRequest request;
    auto& writes = request.request_items[table];
    for (Item& item : items_) writes.push_back(ddbemu::PutRequest{std::move(item)});
    items_.clear();
    index_.clear();
    DDBEMU_ASSIGN_OR_RETURN(auto written, ddbemu::BatchWriteAll(client, std::move(request)));
    std::size_t left = 0;
    for (const auto& [t, w] : written.unprocessed_items) left += w.size();
    return left;
  }

 private:
  std::vector<std::string> key_names_;
  std::vector<Item> items_;
  std::map<std::string, std::size_t> index_;
};

int Fail(const char* command, const ApiError& error) {
  std::fprintf(stderr, "ddb-local %s: %s\n", command, error.message().c_str());
  return 1;
}

int Usage(const char* command, const std::string& error) {
  std::fprintf(stderr, "ddb-local %s: %s\n\n%s", command, error.c_str(), TransferUsage().c_str());
  return 2;
}

}  // namespace

int RunImport(int argc, const char* const* argv) {
  std::string error;
  const auto flags = ParseFlags(argc, argv, true, error);
  if (!flags) return Usage("import", error);
  auto connection = Connect(*flags);
  if (!connection.ok()) return Fail("import", connection.error());
  ddbemu::Client& client = *connection->client;
  if (!flags->create_table.empty()) {
    if (auto created = CreateTable(client, flags->table, flags->create_table); !created.ok()) {
      return Fail("import", created.error());
    }
  }
  auto keys = DescribeKeys(client, flags->table);
  if (!keys.ok()) return Fail("import", keys.error());
  auto rules = LoadRules(*flags, keys->all);
  if (!rules.ok()) return Fail("import", rules.error());
  auto files = SourceFiles(flags->path);
  if (!files.ok()) return Fail("import", files.error());

  constexpr std::size_t kItemsPerFlush = 1'000;  // 40 BatchWriteItem calls
  WriteBuffer buffer(keys->table_key);
  ProgressMeter progress("ddb-local import into " + flags->table);
  std::size_t failed = 0;
  for (const fs::path& file : *files) {
    auto bytes = ReadWholeFile(file);
    if (!bytes.ok()) return Fail("import", bytes.error());
    std::optional<ApiError> write_error;
    std::size_t pending_bytes = 0;
    auto flush = [&] {
      const std::size_t n = buffer.size();
      auto left = buffer.Flush(client, flags->table);
      if (!left.ok()) {
        write_error = left.error();
        return;
      }
      failed += *left;
      progress.Add(n - *left, pending_bytes);
      pending_bytes = 0;
    };
    namespace transfer = ddbemu::ops::transfer;
    bool unreadable = false;
    transfer::ReadItemFile(
        *bytes, FileFormatOf(file), CompressionOf(*bytes), {},
        [&](Item item) {
          if (write_error) return;
          pending_bytes += ddbemu::ItemSize(item);
          buffer.Add(*rules ? (*rules)->Apply(std::move(item)) : std::move(item));
          if (buffer.size() >= kItemsPerFlush) flush();
        },
        [&](const transfer::RecordError& bad) {
          ++failed;
          unreadable = unreadable || bad.line == 0;
          std::fprintf(stderr, "%s:%zu: %s\n", file.string().c_str(), bad.line,
                       bad.message.c_str());
        });
    if (unreadable) {
      return Fail("import", ApiError::Validation(file.string() + " cannot be decompressed"));
    }
    if (!write_error && buffer.size() > 0) flush();
    if (write_error) return Fail("import", *write_error);
  }
  progress.Finish(failed);
  return failed == 0 ? 0 : 1;
}

int RunExport(int argc, const char* const* argv) {
  std::string error;
  const auto flags = ParseFlags(argc, argv, false, error);
  if (!flags) return Usage("export", error);
  auto connection = Connect(*flags);
  if (!connection.ok()) return Fail("export", connection.error());
  ddbemu::Client& client = *connection->client;
  auto keys = DescribeKeys(client, flags->table);
  if (!keys.ok()) return Fail("export", keys.error());
  auto rules = LoadRules(*flags, keys->all);
  if (!rules.ok()) return Fail("export", rules.error());

  const auto millis = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  std::optional<AwsExportWriter> aws;
  if (flags->format == "aws") aws.emplace(flags->path, keys->table_arn, millis());
  std::string lines;
  ProgressMeter progress("ddb-local export of " + flags->table);
  auto items = ddbemu::ScanItems(client, {.table_name = flags->table});
  for (const Item& scanned : items) {
    const Item item = *rules ? (*rules)->Apply(scanned) : scanned;
    const std::string line = "{\"Item\":" + ddbemu::ToJson(item) + "}\n";
    if (aws) {
      if (auto added = aws->Add(line); !added.ok()) return Fail("export", added.error());
    } else {
      lines += line;
    }
    progress.Add(1, line.size());
  }
  if (!items.status().ok()) return Fail("export", items.status().error());
  ddbemu::Status written =
      aws ? aws->Finish(millis())
          : WriteWholeFile(flags->path, flags->path.ends_with(".gz") ? GzipCompress(lines) : lines);
  if (!written.ok()) return Fail("export", written.error());
  progress.Finish(0);
  return 0;
}

std::string TransferUsage() {
  return R"(Import and export (docs/ddb-local.md, "Import, export and anonymisation"):
 ddb-local import --table T (-dbPath DIR | --endpoint URL) [options] SOURCE
                            Load SOURCE into table T: an AWS export directory
                            (AWSDynamoDB/<id>/ with manifest-summary.json) or a file of
                            DynamoDB JSON lines ({"Item":{...}} per line; .gz or plain).
 ddb-local export --table T (-dbPath DIR | --endpoint URL) [options] OUT
                            Write table T to OUT: DynamoDB JSON lines (--format lines, the
                            default; gzip'd when OUT ends in .gz) or an AWS export
                            directory (--format aws).
   -dbPath DIR              The data directory, opened in this process (not while a
                            server serves it); -sharedDb as the server's.
   --endpoint URL           A running server (ddb-local, AWS): BatchWriteItem and Scan,
                            throttles and unprocessed items retried with backoff.
   --region R, --access-key K, --secret-key S
                            The namespace (-dbPath) or credentials (--endpoint); default
                            AWS_REGION / AWS_ACCESS_KEY_ID, then us-east-1.
   --create-table 'pk:S[,sk:N]'  import: create T on demand with this key first.
   --anonymise RULES.json   Rewrite attributes by these rules (fake, mask, hash, redact).
   --seed S                 The rules' secret: the same seed gives the same output.
   A progress line on stderr when it is a terminal; a summary line always.
)";
}

}  // namespace ddblocal
