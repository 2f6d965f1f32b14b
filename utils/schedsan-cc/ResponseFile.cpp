//===- ResponseFile.cpp - @file arguments ---------------------------------===//
//
// FILE:
//    utils/schedsan-cc/ResponseFile.cpp
//
// DESCRIPTION:
//    See ResponseFile.h. Nesting is bounded so that a file that includes
//    itself cannot loop.
//===----------------------------------------------------------------------===//
#include "ResponseFile.h"

#include <fstream>
#include <sstream>

namespace schedsan::cc {

static std::vector<std::string> tokenize(const std::string &Text) {
  std::vector<std::string> Tokens;
  std::string Cur;
  bool InToken = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Quote != '\'') {
      Cur += Text[++I];
      InToken = true;
    } else if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Cur += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      InToken = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InToken)
        Tokens.push_back(Cur);
      Cur.clear();
      InToken = false;
    } else {
      Cur += C;
      InToken = true;
    }
  }
  if (InToken)
    Tokens.push_back(Cur);
  return Tokens;
}

static bool read(const std::string &Arg, std::vector<std::string> &Out,
                 int Depth) {
  if (Arg.size() < 2 || Arg[0] != '@' || Depth > 16)
    return false;
  std::ifstream In(Arg.substr(1));
  if (!In)
    return false;
  std::stringstream SS;
  SS << In.rdbuf();
  for (const std::string &T : tokenize(SS.str()))
    if (!read(T, Out, Depth + 1))
      Out.push_back(T);
  return true;
}

bool readResponseFile(const std::string &Arg, std::vector<std::string> &Out) {
  return read(Arg, Out, 0);
}

std::vector<std::string>
expandResponseFiles(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (const std::string &A : Args)
    if (!readResponseFile(A, Out))
      Out.push_back(A);
  return Out;
}

} // namespace schedsan::cc
