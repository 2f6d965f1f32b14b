// An account that threads deposit into: deposit_unlocked() loses updates
// when two threads interleave, deposit() does not.
#ifndef ACCOUNT_H
#define ACCOUNT_H

void deposit_unlocked(int amount);
void deposit(int amount);
int balance(void);

#endif
