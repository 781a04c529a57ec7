// The embedded client's conversions for the operations beyond items, reads, batches,
// transactions and tables: Time to Live, tags, backups, the describe/control operations and
// PartiQL (typed_ttl_tags.cc, typed_backups.cc, typed_control.cc, typed_partiql.cc). As
// typed_conversions.h: a public request becomes the api/ model, checked by the rules the JSON
// path's validator applies to what a typed request can still get wrong; the engine's typed answer
// becomes the public response with what the JSON path renders. No JSON.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/backup_requests.h"
#include "api/control_requests.h"
#include "api/partiql_requests.h"
#include "api/table_requests.h"
#include "ddbemu/client.h"
#include "ddbemu/version.h"
#include "embedded/model_checks.h"
#include "ops/control/control.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {

// A time as the service reports it: whole milliseconds.
inline std::int64_t WholeMillis(std::int64_t micros) { return micros / 1000 * 1000; }

// Time to Live and tags (typed_ttl_tags.cc).
Result<api::UpdateTimeToLiveRequest> ToEngine(const UpdateTimeToLiveRequest& request);
Result<api::TableNameRequest> ToEngine(const DescribeTimeToLiveRequest& request);
UpdateTimeToLiveResponse ToPublic(const api::UpdateTimeToLiveRequest& applied);
DescribeTimeToLiveResponse ToPublic(api::TimeToLiveDescription description);
Result<api::TagResourceRequest> ToEngine(const TagResourceRequest& request);
Result<api::UntagResourceRequest> ToEngine(const UntagResourceRequest& request);
Result<api::ListTagsOfResourceRequest> ToEngine(const ListTagsOfResourceRequest& request);
ListTagsOfResourceResponse ToPublic(std::vector<std::pair<std::string, std::string>> tags);

// Backups (typed_backups.cc).
Result<api::CreateBackupRequest> ToEngine(const CreateBackupRequest& request);
Result<api::BackupArnRequest> ToEngine(const DescribeBackupRequest& request);
Result<api::BackupArnRequest> ToEngine(const DeleteBackupRequest& request);
Result<api::ListBackupsRequest> ToEngine(const ListBackupsRequest& request);
Result<api::RestoreTableFromBackupRequest> ToEngine(const RestoreTableFromBackupRequest& request);
// Both restores' overrides (typed_tables.cc, beside CreateTable's index conversions).
api::RestoreOverrides ToEngine(const RestoreOverrides& overrides);
Result<api::RestoreTableToPointInTimeRequest> ToEngine(
    const RestoreTableToPointInTimeRequest& request);
CreateBackupResponse ToCreateBackupResponse(const api::BackupView& backup);
DescribeBackupResponse ToDescribeBackupResponse(const api::BackupView& backup);
DeleteBackupResponse ToDeleteBackupResponse(const api::BackupView& backup);
ListBackupsResponse ToPublic(const api::ListBackupsResponse& response);
RestoreTableFromBackupResponse ToRestoreFromBackupResponse(api::RestoreTableResponse response);
RestoreTableToPointInTimeResponse ToRestoreToPointInTimeResponse(
    api::RestoreTableResponse response);

// PartiQL (typed_partiql.cc; the responses are in typed_conversions.h).
Result<api::ExecuteStatementRequest> ToEngine(const ExecuteStatementRequest& request);
Result<api::BatchExecuteStatementRequest> ToEngine(const BatchExecuteStatementRequest& request);
Result<api::ExecuteTransactionRequest> ToEngine(const ExecuteTransactionRequest& request);

// Describe and control operations (typed_control.cc).
DescribeEndpointsResponse ToDescribeEndpointsResponse(const std::string& address);
DescribeLimitsResponse ToPublic(const ops::ServiceLimits& limits);
Result<api::TableNameRequest> ToEngine(const DescribeContinuousBackupsRequest& request);
Result<api::UpdateContinuousBackupsRequest> ToEngine(const UpdateContinuousBackupsRequest& request);
ContinuousBackupsDescription ToPublic(const api::PitrDescription& pitr);
Result<api::ContributorInsightsRequest> ToEngine(const DescribeContributorInsightsRequest& request);
Result<api::ContributorInsightsRequest> ToEngine(const UpdateContributorInsightsRequest& request);
Result<api::ListContributorInsightsRequest> ToEngine(const ListContributorInsightsRequest& request);
DescribeContributorInsightsResponse ToDescribeInsightsResponse(const api::InsightsDescription& d);
UpdateContributorInsightsResponse ToUpdateInsightsResponse(const api::InsightsDescription& d);
ListContributorInsightsResponse ToListInsightsResponse(
    const std::vector<api::InsightsDescription>& list, const std::string& next_token);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
