// Clang's thread-safety annotations (https://clang.llvm.org/docs/ThreadSafetyAnalysis.html):
// the locking a class relies on, declared where its members are, so that `clang++
// -Wthread-safety` (ctest lint.thread_safety) rejects a read of a guarded member without its
// mutex, or a call of a helper that needs the lock from a caller that does not hold it.
//
// The macros expand to nothing on other compilers (GCC builds the project); they change no
// code. Use them with the annotated mutexes of sync/mutex.h: libstdc++'s std::mutex carries no
// annotations, so the analysis cannot see it locked.
//
//   GUARDED_BY(mu)         a member read or written only with `mu` held (shared for a read)
//   PT_GUARDED_BY(mu)      the same for what a pointer member points to
//   REQUIRES(mu)           a function the caller calls with `mu` held; REQUIRES_SHARED: at
//                          least shared
//   EXCLUDES(mu)           a function that takes `mu` itself: calling it with `mu` held would
//                          deadlock
//   ACQUIRE / RELEASE      a function that locks / unlocks (with _SHARED: in shared mode)
//   NO_THREAD_SAFETY_ANALYSIS  a function the analysis cannot follow (say why at the use)
#pragma once

#if defined(__clang__)
#define DDBEMU_THREAD_ANNOTATION(x) __attribute__((x))
#else
#define DDBEMU_THREAD_ANNOTATION(x)
#endif

#ifndef CAPABILITY
#define CAPABILITY(x) DDBEMU_THREAD_ANNOTATION(capability(x))
#endif
#ifndef SCOPED_CAPABILITY
#define SCOPED_CAPABILITY DDBEMU_THREAD_ANNOTATION(scoped_lockable)
#endif
#ifndef GUARDED_BY
#define GUARDED_BY(x) DDBEMU_THREAD_ANNOTATION(guarded_by(x))
#endif
#ifndef PT_GUARDED_BY
#define PT_GUARDED_BY(x) DDBEMU_THREAD_ANNOTATION(pt_guarded_by(x))
#endif
#ifndef ACQUIRED_BEFORE
#define ACQUIRED_BEFORE(...) DDBEMU_THREAD_ANNOTATION(acquired_before(__VA_ARGS__))
#endif
#ifndef ACQUIRED_AFTER
#define ACQUIRED_AFTER(...) DDBEMU_THREAD_ANNOTATION(acquired_after(__VA_ARGS__))
#endif
#ifndef REQUIRES
#define REQUIRES(...) DDBEMU_THREAD_ANNOTATION(requires_capability(__VA_ARGS__))
#endif
#ifndef REQUIRES_SHARED
#define REQUIRES_SHARED(...) DDBEMU_THREAD_ANNOTATION(requires_shared_capability(__VA_ARGS__))
#endif
#ifndef ACQUIRE
#define ACQUIRE(...) DDBEMU_THREAD_ANNOTATION(acquire_capability(__VA_ARGS__))
#endif
#ifndef ACQUIRE_SHARED
#define ACQUIRE_SHARED(...) DDBEMU_THREAD_ANNOTATION(acquire_shared_capability(__VA_ARGS__))
#endif
#ifndef RELEASE
#define RELEASE(...) DDBEMU_THREAD_ANNOTATION(release_capability(__VA_ARGS__))
#endif
#ifndef RELEASE_SHARED
#define RELEASE_SHARED(...) DDBEMU_THREAD_ANNOTATION(release_shared_capability(__VA_ARGS__))
#endif
#ifndef TRY_ACQUIRE
#define TRY_ACQUIRE(...) DDBEMU_THREAD_ANNOTATION(try_acquire_capability(__VA_ARGS__))
#endif
#ifndef TRY_ACQUIRE_SHARED
#define TRY_ACQUIRE_SHARED(...) DDBEMU_THREAD_ANNOTATION(try_acquire_shared_capability(__VA_ARGS__))
#endif
#ifndef EXCLUDES
#define EXCLUDES(...) DDBEMU_THREAD_ANNOTATION(locks_excluded(__VA_ARGS__))
#endif
#ifndef ASSERT_CAPABILITY
#define ASSERT_CAPABILITY(x) DDBEMU_THREAD_ANNOTATION(assert_capability(x))
#endif
#ifndef ASSERT_SHARED_CAPABILITY
#define ASSERT_SHARED_CAPABILITY(x) DDBEMU_THREAD_ANNOTATION(assert_shared_capability(x))
#endif
#ifndef RETURN_CAPABILITY
#define RETURN_CAPABILITY(x) DDBEMU_THREAD_ANNOTATION(lock_returned(x))
#endif
#ifndef NO_THREAD_SAFETY_ANALYSIS
#define NO_THREAD_SAFETY_ANALYSIS DDBEMU_THREAD_ANNOTATION(no_thread_safety_analysis)
#endif
