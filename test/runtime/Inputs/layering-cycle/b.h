// A module that depends on a, through its .cpp.
