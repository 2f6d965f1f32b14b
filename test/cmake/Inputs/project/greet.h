#ifndef GREET_H
#define GREET_H
#include <string>
std::string greeting(int total);
#endif
