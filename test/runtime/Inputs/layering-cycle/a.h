// A module that depends on b.
#include "b.h"
