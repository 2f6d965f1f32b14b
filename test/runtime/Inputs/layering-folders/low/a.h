#include "high/b.h"
inline int a() { return 1; }
