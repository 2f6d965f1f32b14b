//===- JsonParse.cpp - The JSON parser ------------------------------------===//
//
// FILE:
//    utils/schedsan-run/results/JsonParse.cpp
//
// DESCRIPTION:
//    parseJson (Json.h): recursive descent over RFC 8259 (no comments, no
//    trailing commas); numbers without a fraction or exponent that fit in 64
//    bits (signed, or unsigned when not negative) stay integers; errors name
//    the line.
//===----------------------------------------------------------------------===//
#include "results/Json.h"

#include <cerrno>
#include <cstdlib>
#include <string>

namespace schedsan::run {

namespace {

class Parser {
public:
  explicit Parser(const std::string &Text) : T(Text) {}

  bool parse(Json &Out, std::string &Error) {
    bool Ok = value(Out, 0);
    if (Ok) {
      skipSpace();
      if (P != T.size())
        Ok = fail("unexpected text after the value");
    }
    if (!Ok)
      Error = "line " + std::to_string(line()) + ": " + Msg;
    return Ok;
  }

private:
  const std::string &T;
  size_t P = 0;
  std::string Msg;

  unsigned line() const {
    unsigned L = 1;
    for (size_t I = 0; I < P && I < T.size(); ++I)
      L += T[I] == '\n';
    return L;
  }
  bool fail(const std::string &M) {
    if (Msg.empty())
      Msg = M;
    return false;
  }
  void skipSpace() {
    while (P < T.size() &&
           (T[P] == ' ' || T[P] == '\n' || T[P] == '\r' || T[P] == '\t'))
      ++P;
  }
  bool literal(const char *Word) {
    size_t N = std::char_traits<char>::length(Word);
    if (T.compare(P, N, Word) != 0)
      return fail(std::string("expected '") + Word + "'");
    P += N;
    return true;
  }

  bool value(Json &Out, unsigned Depth) {
    if (Depth > 64)
      return fail("nesting too deep");
    skipSpace();
    if (P >= T.size())
      return fail("unexpected end of input");
    char C = T[P];
    if (C == '{')
      return object(Out, Depth);
    if (C == '[')
      return array(Out, Depth);
    if (C == '"') {
      std::string S;
      if (!string(S))
        return false;
      Out = Json(std::move(S));
      return true;
    }
    if (C == 't') {
      Out = Json(true);
      return literal("true");
    }
    if (C == 'f') {
      Out = Json(false);
      return literal("false");
    }
    if (C == 'n') {
      Out = Json();
      return literal("null");
    }
    return number(Out);
  }

  bool object(Json &Out, unsigned Depth) {
    Out = Json::object();
    ++P; // {
    skipSpace();
    if (P < T.size() && T[P] == '}') {
      ++P;
      return true;
    }
    for (;;) {
      skipSpace();
      std::string Key;
      if (P >= T.size() || T[P] != '"')
        return fail("expected a string key");
      if (!string(Key))
        return false;
      skipSpace();
      if (P >= T.size() || T[P] != ':')
        return fail("expected ':'");
      ++P;
      Json V;
      if (!value(V, Depth + 1))
        return false;
      Out.set(Key, std::move(V));
      skipSpace();
      if (P < T.size() && T[P] == ',') {
        ++P;
        continue;
      }
      if (P < T.size() && T[P] == '}') {
        ++P;
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  bool array(Json &Out, unsigned Depth) {
    Out = Json::array();
    ++P; // [
    skipSpace();
    if (P < T.size() && T[P] == ']') {
      ++P;
      return true;
    }
    for (;;) {
      Json V;
      if (!value(V, Depth + 1))
        return false;
      Out.push(std::move(V));
      skipSpace();
      if (P < T.size() && T[P] == ',') {
        ++P;
        continue;
      }
      if (P < T.size() && T[P] == ']') {
        ++P;
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  static void appendUtf8(std::string &S, unsigned V) {
    if (V < 0x80) {
      S += (char)V;
    } else if (V < 0x800) {
      S += (char)(0xC0 | (V >> 6));
      S += (char)(0x80 | (V & 0x3F));
    } else if (V < 0x10000) {
      S += (char)(0xE0 | (V >> 12));
      S += (char)(0x80 | ((V >> 6) & 0x3F));
      S += (char)(0x80 | (V & 0x3F));
    } else {
      S += (char)(0xF0 | (V >> 18));
      S += (char)(0x80 | ((V >> 12) & 0x3F));
      S += (char)(0x80 | ((V >> 6) & 0x3F));
      S += (char)(0x80 | (V & 0x3F));
    }
  }

  bool hex4(unsigned &V) {
    if (P + 4 > T.size())
      return fail("truncated \\u escape");
    V = 0;
    for (int I = 0; I != 4; ++I) {
      char C = T[P++];
      V <<= 4;
      if (C >= '0' && C <= '9')
        V |= C - '0';
      else if (C >= 'a' && C <= 'f')
        V |= C - 'a' + 10;
      else if (C >= 'A' && C <= 'F')
        V |= C - 'A' + 10;
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  bool string(std::string &S) {
    ++P; // "
    while (P < T.size()) {
      char C = T[P++];
      if (C == '"')
        return true;
      if ((unsigned char)C < 0x20)
        return fail("control character in a string");
      if (C != '\\') {
        S += C;
        continue;
      }
      if (P >= T.size())
        break;
      char E = T[P++];
      switch (E) {
      case '"':
        S += '"';
        break;
      case '\\':
        S += '\\';
        break;
      case '/':
        S += '/';
        break;
      case 'b':
        S += '\b';
        break;
      case 'f':
        S += '\f';
        break;
      case 'n':
        S += '\n';
        break;
      case 'r':
        S += '\r';
        break;
      case 't':
        S += '\t';
        break;
      case 'u': {
        unsigned V;
        if (!hex4(V))
          return false;
        if (V >= 0xD800 && V < 0xDC00 && T.compare(P, 2, "\\u") == 0) {
          P += 2;
          unsigned Lo;
          if (!hex4(Lo))
            return false;
          V = 0x10000 + ((V - 0xD800) << 10) + (Lo - 0xDC00);
        }
        appendUtf8(S, V);
        break;
      }
      default:
        return fail("bad escape in a string");
      }
    }
    return fail("unterminated string");
  }

  bool number(Json &Out) {
    size_t Start = P;
    if (P < T.size() && T[P] == '-')
      ++P;
    bool Digits = false, Fraction = false;
    while (P < T.size()) {
      char C = T[P];
      if (C >= '0' && C <= '9')
        Digits = true;
      else if (C == '.' || C == 'e' || C == 'E' || C == '+' || C == '-')
        Fraction = true;
      else
        break;
      ++P;
    }
    if (!Digits)
      return fail("expected a value");
    std::string Text = T.substr(Start, P - Start);
    errno = 0;
    char *End = nullptr;
    if (!Fraction && Text[0] != '-') {
      unsigned long long V = std::strtoull(Text.c_str(), &End, 10);
      if (errno == 0 && *End == 0) {
        Out = Json((uint64_t)V);
        return true;
      }
    } else if (!Fraction) {
      long long V = std::strtoll(Text.c_str(), &End, 10);
      if (errno == 0 && *End == 0) {
        Out = Json((int64_t)V);
        return true;
      }
    }
    errno = 0;
    double D = std::strtod(Text.c_str(), &End);
    if (*End != 0)
      return fail("bad number '" + Text + "'");
    Out = Json(D);
    return true;
  }
};

} // namespace

bool parseJson(const std::string &Text, Json &Out, std::string &Error) {
  return Parser(Text).parse(Out, Error);
}

} // namespace schedsan::run
