"""Loading a user's rulespec: compiling it through the compiler and importing the module."""
