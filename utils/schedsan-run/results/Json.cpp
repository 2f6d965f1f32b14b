//===- Json.cpp - A small JSON value, parser and writer -------------------===//
//
// FILE:
//    utils/schedsan-run/results/Json.cpp
//
// DESCRIPTION:
//    See Json.h: the value and the writer (the parser is in JsonParse.cpp).
//===----------------------------------------------------------------------===//
#include "results/Json.h"

#include <cmath>
#include <cstdio>

namespace schedsan::run {

Json &Json::push(Json V) {
  Items.push_back(std::move(V));
  return Items.back();
}

Json &Json::set(const std::string &Key, Json V) {
  Members.emplace_back(Key, std::move(V));
  return Members.back().second;
}

const Json *Json::get(const std::string &Key) const {
  for (const auto &M : Members)
    if (M.first == Key)
      return &M.second;
  return nullptr;
}

const Json &Json::operator[](const std::string &Key) const {
  static const Json Null;
  const Json *V = get(Key);
  return V ? *V : Null;
}

int64_t Json::asInt(int64_t Fallback) const {
  if (K == Kind::Int)
    return I;
  if (K == Kind::Double)
    return (int64_t)D;
  return Fallback;
}

uint64_t Json::asUInt(uint64_t Fallback) const {
  if (K == Kind::Int)
    return (uint64_t)I;
  if (K == Kind::Double && D >= 0)
    return (uint64_t)D;
  return Fallback;
}

double Json::asDouble(double Fallback) const {
  if (K == Kind::Double)
    return D;
  if (K == Kind::Int)
    return Unsigned ? (double)(uint64_t)I : (double)I;
  return Fallback;
}

bool Json::asBool(bool Fallback) const {
  return K == Kind::Bool ? B : Fallback;
}

const std::string &Json::asString() const {
  static const std::string Empty;
  return K == Kind::String ? S : Empty;
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

std::string toValidUtf8(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size());
  const unsigned char *P = (const unsigned char *)Text.data();
  const unsigned char *End = P + Text.size();
  while (P < End) {
    unsigned C = *P;
    size_t Len = C < 0x80         ? 1
                 : (C >> 5) == 6  ? 2
                 : (C >> 4) == 14 ? 3
                 : (C >> 3) == 30 ? 4
                                  : 0;
    bool Ok = Len && (size_t)(End - P) >= Len;
    for (size_t I = 1; Ok && I < Len; ++I)
      Ok = (P[I] & 0xC0) == 0x80;
    // Overlong forms, surrogates and values past U+10FFFF are invalid too.
    if (Ok && Len == 2)
      Ok = C >= 0xC2;
    if (Ok && Len == 3) {
      unsigned V = ((C & 0x0F) << 12) | ((P[1] & 0x3F) << 6) | (P[2] & 0x3F);
      Ok = V >= 0x800 && (V < 0xD800 || V > 0xDFFF);
    }
    if (Ok && Len == 4) {
      unsigned V = ((C & 0x07) << 18) | ((P[1] & 0x3F) << 12);
      Ok = V >= 0x10000 && V <= 0x10FFFF;
    }
    if (Ok) {
      Out.append((const char *)P, Len);
      P += Len;
    } else {
      Out += "\xEF\xBF\xBD";
      ++P;
    }
  }
  return Out;
}

static void writeString(std::string &Out, const std::string &Raw) {
  Out += '"';
  for (char Ch : toValidUtf8(Raw)) {
    unsigned char C = Ch;
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
        Out += Buf;
      } else {
        Out += Ch;
      }
    }
  }
  Out += '"';
}

void Json::write(std::string &Out, unsigned Indent) const {
  const std::string Pad(Indent + 2, ' ');
  switch (K) {
  case Kind::Null:
    Out += "null";
    return;
  case Kind::Bool:
    Out += B ? "true" : "false";
    return;
  case Kind::Int:
    Out += Unsigned ? std::to_string((uint64_t)I) : std::to_string(I);
    return;
  case Kind::Double: {
    if (!std::isfinite(D)) {
      Out += "null";
      return;
    }
    char Buf[32];
    std::snprintf(Buf, sizeof(Buf), "%.17g", D);
    Out += Buf;
    return;
  }
  case Kind::String:
    writeString(Out, S);
    return;
  case Kind::Array:
    if (Items.empty()) {
      Out += "[]";
      return;
    }
    Out += "[\n";
    for (size_t N = 0; N != Items.size(); ++N) {
      Out += Pad;
      Items[N].write(Out, Indent + 2);
      Out += N + 1 == Items.size() ? "\n" : ",\n";
    }
    Out += std::string(Indent, ' ') + "]";
    return;
  case Kind::Object:
    if (Members.empty()) {
      Out += "{}";
      return;
    }
    Out += "{\n";
    for (size_t N = 0; N != Members.size(); ++N) {
      Out += Pad;
      writeString(Out, Members[N].first);
      Out += ": ";
      Members[N].second.write(Out, Indent + 2);
      Out += N + 1 == Members.size() ? "\n" : ",\n";
    }
    Out += std::string(Indent, ' ') + "}";
    return;
  }
}

std::string Json::dump() const {
  std::string Out;
  write(Out, 0);
  return Out + "\n";
}

} // namespace schedsan::run
