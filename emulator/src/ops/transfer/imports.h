// ImportTable, DescribeImport and ListImports (API reference; Developer Guide, "DynamoDB data
// import from Amazon S3"), from the local S3 (storage/local_s3.h) into a new table.
//
// ImportTable creates the table of TableCreationParameters (CreateTable's checks and errors:
// ResourceInUseException "Table already exists: NAME"), then reads every object under
// S3BucketSource's prefix with ReadItemFile (item_file.h) and writes each item through the item
// store, which maintains the GSIs. A record that cannot be imported — unreadable, without the
// table's key attributes or with a key of the wrong type, or larger than 400 KB — is skipped,
// counted in ErrorCount and logged. ProcessedItemCount counts every record read (imported or
// not), ImportedItemCount the items written, ProcessedSizeBytes the source objects' bytes.
//
// The service writes the error log to CloudWatch Logs; here it is a file of JSON lines (one per
// error: itemS3Pointer {bucket, key, itemIndex}, importArn, errorMessages), at
// S3DIR/.ddbemu-import-logs/IMPORT-ID.log, and CloudWatchLogGroupArn is "file:" and that path.
//
// The import fails, and no table is created, when the bucket is missing (FailureCode
// S3NoSuchBucket, S3's message) or no object is under the prefix (FailureCode S3NoSuchKey,
// "No object was found under the prefix PREFIX of bucket BUCKET": our wording). Statuses as
// exports' (transfer_store.h): IN_PROGRESS until start + Options::transient_status_ms, then
// COMPLETED or FAILED; the table is CREATING meanwhile (ops/realism/transient_statuses.h). A
// ClientToken reused within 8 hours with other parameters is ImportConflictException;
// ImportNotFoundException "Import not found: ARN" for DescribeImport.
#pragma once

#include <string>

#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/model/transfer.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {

// ImportTable as the engine runs it: the source, and the table as CreateTable's request.
struct ImportTableJob {
  ImportSource source;
  api::CreateTableRequest table;
  // The table to be created: the tenant check's resource (access_check.h's TableOf).
  std::string target_table_name;
};

Result<ImportTableResponse> ImportTable(Engine& engine, const Caller& caller,
                                        const ImportTableJob& job);
Result<DescribeImportResponse> DescribeImport(Engine& engine, const Caller& caller,
                                              const DescribeImportRequest& request);
// Oldest first; PageSize (default and most 25) per page, NextToken the next import's id.
Result<ListImportsResponse> ListImports(Engine& engine, const Caller& caller,
                                        const ListImportsRequest& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
