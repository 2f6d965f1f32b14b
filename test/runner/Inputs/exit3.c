// Every run fails: exit status 3.
int main(void) { return 3; }
