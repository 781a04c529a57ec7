// Mutex, SharedMutex and CondVar: std::mutex, std::shared_mutex and std::condition_variable
// with Clang's thread-safety annotations (sync/thread_annotations.h), which libstdc++'s own
// types lack, and the scoped locks that go with them. Each is a thin inline wrapper: the same
// code as the std type it holds, at the same cost.
//
//   sync::Mutex mu_;
//   int count_ GUARDED_BY(mu_) = 0;
//   void Bump() {
//     sync::MutexLock lock(mu_);  // std::lock_guard's role
//     ++count_;
//   }
//
// A condition is waited on in a loop the analysis can see, with the mutex held:
//   sync::MutexLock lock(mu_);
//   while (!ready_) ready_cv_.Wait(mu_);
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <shared_mutex>

#include "ddbemu/version.h"
#include "sync/thread_annotations.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::sync {

class CAPABILITY("mutex") Mutex {
 public:
  Mutex() = default;
  Mutex(const Mutex&) = delete;
  Mutex& operator=(const Mutex&) = delete;

  void Lock() ACQUIRE() { mu_.lock(); }
  void Unlock() RELEASE() { mu_.unlock(); }
  bool TryLock() TRY_ACQUIRE(true) { return mu_.try_lock(); }
  // Tells the analysis that the calling thread holds this mutex, where it cannot follow the
  // lock (one taken through std::unique_lock, say). Checks nothing at run time.
  void AssertHeld() const ASSERT_CAPABILITY(this) {}

  // The standard's Lockable names, so that std::unique_lock<Mutex> and std::scoped_lock work
  // where a scoped lock of this file does not fit (a run-time number of locks). The analysis
  // sees a lock taken through them only when called directly.
  void lock() ACQUIRE() { mu_.lock(); }
  void unlock() RELEASE() { mu_.unlock(); }
  bool try_lock() TRY_ACQUIRE(true) { return mu_.try_lock(); }

 private:
  friend class CondVar;
  std::mutex mu_;
};

// Many readers or one writer (std::shared_mutex).
class CAPABILITY("shared_mutex") SharedMutex {
 public:
  SharedMutex() = default;
  SharedMutex(const SharedMutex&) = delete;
  SharedMutex& operator=(const SharedMutex&) = delete;

  void Lock() ACQUIRE() { mu_.lock(); }
  void Unlock() RELEASE() { mu_.unlock(); }
  void ReaderLock() ACQUIRE_SHARED() { mu_.lock_shared(); }
  void ReaderUnlock() RELEASE_SHARED() { mu_.unlock_shared(); }
  void AssertHeld() const ASSERT_CAPABILITY(this) {}
  void AssertReaderHeld() const ASSERT_SHARED_CAPABILITY(this) {}

 private:
  std::shared_mutex mu_;
};

// Holds `mu` for its scope (std::lock_guard).
class SCOPED_CAPABILITY MutexLock {
 public:
  explicit MutexLock(Mutex& mu) ACQUIRE(mu) : mu_(mu) { mu_.Lock(); }
  ~MutexLock() RELEASE() { mu_.Unlock(); }
  MutexLock(const MutexLock&) = delete;
  MutexLock& operator=(const MutexLock&) = delete;

 private:
  Mutex& mu_;
};

// Holds `mu` exclusively for its scope (std::unique_lock of a std::shared_mutex).
class SCOPED_CAPABILITY WriterMutexLock {
 public:
  explicit WriterMutexLock(SharedMutex& mu) ACQUIRE(mu) : mu_(mu) { mu_.Lock(); }
  ~WriterMutexLock() RELEASE() { mu_.Unlock(); }
  WriterMutexLock(const WriterMutexLock&) = delete;
  WriterMutexLock& operator=(const WriterMutexLock&) = delete;

 private:
  SharedMutex& mu_;
};

// Holds `mu` shared for its scope (std::shared_lock).
class SCOPED_CAPABILITY ReaderMutexLock {
 public:
  explicit ReaderMutexLock(SharedMutex& mu) ACQUIRE_SHARED(mu) : mu_(mu) { mu_.ReaderLock(); }
  ~ReaderMutexLock() RELEASE() { mu_.ReaderUnlock(); }
  ReaderMutexLock(const ReaderMutexLock&) = delete;
  ReaderMutexLock& operator=(const ReaderMutexLock&) = delete;

 private:
  SharedMutex& mu_;
};

// std::condition_variable over a Mutex. Each wait takes the mutex the caller holds (through a
// MutexLock or Lock()), releases it while blocked and holds it again when it returns, as
// std::condition_variable::wait does with a std::unique_lock; it may return spuriously, so
// the caller waits in a loop on its condition.
class CondVar {
 public:
  CondVar() = default;
  CondVar(const CondVar&) = delete;
  CondVar& operator=(const CondVar&) = delete;

  void Wait(Mutex& mu) REQUIRES(mu) {
    std::unique_lock<std::mutex> lock(mu.mu_, std::adopt_lock);
    cv_.wait(lock);
    lock.release();  // still held: it is the caller's
  }
  // Like Wait, but returns std::cv_status::timeout once `deadline` has passed.
  template <class Clock, class Duration>
  std::cv_status WaitUntil(Mutex& mu, const std::chrono::time_point<Clock, Duration>& deadline)
      REQUIRES(mu) {
    std::unique_lock<std::mutex> lock(mu.mu_, std::adopt_lock);
    const std::cv_status status = cv_.wait_until(lock, deadline);
    lock.release();
    return status;
  }

  void NotifyOne() noexcept { cv_.notify_one(); }
  void NotifyAll() noexcept { cv_.notify_all(); }

 private:
  std::condition_variable cv_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::sync
