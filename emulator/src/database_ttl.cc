// Database's Time to Live sweep (ops/ttl/time_to_live.h).
#include "database_impl.h"
#include "ops/ttl/time_to_live.h"

namespace ddbemu {

Result<std::size_t> Database::SweepExpiredItems() {
  ops::Engine engine = impl_->engine();
  return ops::ttl::SweepExpiredItems(engine);
}

}  // namespace ddbemu
