// ExportTableToPointInTime, DescribeExport and ListExports (API reference; Developer Guide,
// "DynamoDB data export to Amazon S3"), into the local S3 (storage/local_s3.h).
//
// An export writes what the service writes under S3Prefix/AWSDynamoDB/EXPORT-ID/: `_started`
// (empty, written first: it proves the bucket writable), data/NAME.json.gz or data/NAME.ion.gz
// (gzip, one record a line: item_file.h), manifest-files.json (a JSON object per data file:
// itemCount, md5Checksum, etag, dataFileS3Key), manifest-summary.json (version, exportArn,
// startTime, endTime, tableArn, tableId, exportTime, s3Bucket, s3Prefix, s3SseAlgorithm,
// s3SseKmsKeyId, manifestFilesS3Key, billedSizeBytes, itemCount, outputFormat, exportType, and
// an incremental export's exportFromTime, exportToTime and outputView) and the two manifests'
// .checksum files (their MD5, hex). One data file holds every item (the service writes one per
// partition; readers take the manifest's list, so the count does not matter).
//
// FULL_EXPORT: the table as of ExportTime (default now), rebuilt from PITR's change log as
// RestoreTableToPointInTime rebuilds it. INCREMENTAL_EXPORT: one record per item written in
// (ExportFromTime, ExportToTime], with its last write's time, its keys, its image at
// ExportToTime (NewImage; none when deleted) and, for NEW_AND_OLD_IMAGES, its image at
// ExportFromTime (OldImage; none when created then).
//
// The work is done inside the request; the answer and DescribeExport say IN_PROGRESS until the
// engine's clock passes start + Options::transient_status_ms, then COMPLETED (or FAILED). Errors
// as the service names them:
//   - TableNotFoundException "Table not found: NAME";
//   - PointInTimeRecoveryUnavailableException "Point in time recovery is not enabled for table
//     'NAME'";
//   - InvalidExportTimeException "The specified ExportTime is outside of the point in time
//     recovery window." (ExportTime, or an incremental window, outside the PITR window or in the
//     future);
//   - ValidationException for an incremental window shorter than 15 minutes or longer than 24
//     hours, or without ExportFromTime;
//   - IdempotentParameterMismatchException for a ClientToken reused within 8 hours with other
//     parameters (the same parameters answer the first export again);
//   - a missing bucket is no request error: the export FAILS with FailureCode S3NoSuchBucket and
//     S3's message, as the service reports an S3 failure (other S3 errors: S3 + their code);
//   - ExportNotFoundException "Export not found: ARN" (DescribeExport).
#pragma once

#include "ddbemu/error.h"
#include "ddbemu/model/transfer.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {

Result<ExportTableToPointInTimeResponse> ExportTableToPointInTime(
    Engine& engine, const Caller& caller, const ExportTableToPointInTimeRequest& request);
Result<DescribeExportResponse> DescribeExport(Engine& engine, const Caller& caller,
                                              const DescribeExportRequest& request);
// Oldest first; MaxResults (default and most 25) per page, NextToken the next export's id.
Result<ListExportsResponse> ListExports(Engine& engine, const Caller& caller,
                                        const ListExportsRequest& request);

// A time as manifest-summary.json writes it: "2020-11-04T07:28:34.028Z".
std::string IsoTime(std::int64_t micros);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
