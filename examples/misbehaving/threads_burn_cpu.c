/* One process, four threads spinning forever: its CPU time grows faster than
   the wall clock. The old checker killed it by RLIMIT_CPU (soft == hard) and
   reported RE "killed by SIGKILL"; exhausted CPU is TLE. */
#include <pthread.h>
static void *spin(void *x) { volatile unsigned long n = 0; for (;;) n++; return x; }
int main(void) { pthread_t t[4]; for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, spin, 0); pthread_join(t[0], 0); return 0; }
