// GUARDED_BY in C++: a user's annotated mutex wrapper (as in the mutex.h of
// Clang's ThreadSafetyAnalysis documentation; libstdc++'s std::mutex has no
// capability attributes), a lock member of the same object, a scoped lock,
// templates. Accesses proved made under their lock get no point.
// RUN: %clangxx -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O0 -S -emit-llvm -o - %s | FileCheck %s
#include <mutex>

class __attribute__((capability("mutex"))) Mutex {
  std::mutex M;

public:
  void lock() __attribute__((acquire_capability())) { M.lock(); }
  void unlock() __attribute__((release_capability())) { M.unlock(); }
};

class __attribute__((scoped_lockable)) Locker {
  Mutex &Mu;

public:
  explicit Locker(Mutex &M) __attribute__((acquire_capability(M))) : Mu(M) {
    Mu.lock();
  }
  ~Locker() __attribute__((release_capability())) { Mu.unlock(); }
};

class Account {
  Mutex Mu;
  long Balance __attribute__((guarded_by(Mu))) = 0;

public:
  void deposit(long V) {
    Mu.lock();
    Balance += V;
    Mu.unlock();
  }
  long read() {
    Locker L(Mu);
    return Balance;
  }
  long peek() { return Balance; } // no lock
};

long use(Account &A) {
  A.deposit(1);
  return A.read() + A.peek();
}
// CHECK-LABEL: define{{.*}} @_ZN7Account7depositEl(
// CHECK-NOT:     call void @__schedsan_
// CHECK:         ret void
// CHECK-LABEL: define{{.*}} @_ZN7Account4readEv(
// CHECK-NOT:     call void @__schedsan_{{(read|write|update)}}
// CHECK:         ret i64
// CHECK-LABEL: define{{.*}} @_ZN7Account4peekEv(
// CHECK:         call void @__schedsan_read8(

// The pointer named in the lock changes before the access: the analysis
// compares lock expressions by their text, so the point stays.
struct Pair {
  Mutex Mu;
  int X __attribute__((guarded_by(Mu)));
};
void moved(Pair *P, Pair *Q) {
  P->Mu.lock();
  P = Q;
  P->X = 1;
  P->Mu.unlock();
}
// CHECK-LABEL: define{{.*}} @_Z5movedP4PairS0_(
// CHECK:         call void @__schedsan_write4(

// Every instantiation is proved on its own.
template <class T> struct Box {
  Mutex Mu;
  T V __attribute__((guarded_by(Mu)));
  void set(T X) {
    Mu.lock();
    V = X;
    Mu.unlock();
  }
};
void setBoth(Box<int> &I, Box<short> &S) {
  I.set(1);
  S.set(2);
}
// CHECK-LABEL: define{{.*}} @_ZN3BoxIiE3setEi(
// CHECK-NOT:     call void @__schedsan_write
// CHECK:         ret void
// CHECK-LABEL: define{{.*}} @_ZN3BoxIsE3setEs(
// CHECK-NOT:     call void @__schedsan_write
// CHECK:         ret void

// A lambda is a function of its own, analysed without the caller's locks.
void withLambda(Pair &P) {
  P.Mu.lock();
  [&P] { P.X = 3; }();
  P.Mu.unlock();
}
// CHECK-LABEL: define{{.*}} @"_ZZ10withLambdaR4PairENK3$_0clEv"(
// CHECK:         call void @__schedsan_write4(
