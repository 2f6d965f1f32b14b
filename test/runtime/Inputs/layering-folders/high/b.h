#include "low/a.h"
inline int b() { return a(); }
