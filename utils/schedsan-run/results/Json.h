//===- Json.h - A small JSON value, parser and writer -----------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/results/Json.h
//
// DESCRIPTION:
//    Just enough JSON for `schedsan run --json` and `schedsan merge`: a value
//    tree (objects keep their key order), a strict parser with line-numbered
//    errors, and a writer with two-space indentation. Integers are kept
//    exactly (64 bits, signed or unsigned: seeds use all 64); strings are
//    written as valid UTF-8 (invalid bytes become U+FFFD), since program output
//    and paths may hold anything.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_JSON_H
#define SCHEDSAN_RUN_JSON_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace schedsan::run {

class Json {
public:
  enum class Kind { Null, Bool, Int, Double, String, Array, Object };

  Json() = default;
  Json(bool B) : K(Kind::Bool), B(B) {}
  Json(int I) : K(Kind::Int), I(I) {}
  Json(unsigned I) : K(Kind::Int), I(I) {}
  Json(int64_t I) : K(Kind::Int), I(I) {}
  Json(uint64_t I) : K(Kind::Int), Unsigned(true), I((int64_t)I) {}
  Json(double D) : K(Kind::Double), D(D) {}
  Json(const char *S) : K(Kind::String), S(S) {}
  Json(std::string S) : K(Kind::String), S(std::move(S)) {}
  static Json array() {
    Json J;
    J.K = Kind::Array;
    return J;
  }
  static Json object() {
    Json J;
    J.K = Kind::Object;
    return J;
  }

  Kind kind() const { return K; }
  bool isNull() const { return K == Kind::Null; }

  // Builders.
  Json &push(Json V);                        // arrays
  Json &set(const std::string &Key, Json V); // objects (appends)

  // Readers: a missing key or a value of another kind gives the fallback.
  const Json *get(const std::string &Key) const;
  const Json &operator[](const std::string &Key) const;
  const std::vector<Json> &items() const { return Items; }
  const std::vector<std::pair<std::string, Json>> &members() const {
    return Members;
  }
  int64_t asInt(int64_t Fallback = 0) const;
  // An integer as unsigned 64 bits (seeds go up to 2^64-1).
  uint64_t asUInt(uint64_t Fallback = 0) const;
  double asDouble(double Fallback = 0) const;
  bool asBool(bool Fallback = false) const;
  const std::string &asString() const; // "" unless a string

  std::string dump() const; // indented, ends with a newline

private:
  void write(std::string &Out, unsigned Indent) const;

  Kind K = Kind::Null;
  bool B = false;
  bool Unsigned = false; // I holds a uint64_t
  int64_t I = 0;
  double D = 0;
  std::string S;
  std::vector<Json> Items;
  std::vector<std::pair<std::string, Json>> Members;
};

// Parses Text; on error returns false and sets Error ("line N: ...").
bool parseJson(const std::string &Text, Json &Out, std::string &Error);

// Text as valid UTF-8: invalid bytes become U+FFFD. Also used for XML.
std::string toValidUtf8(const std::string &Text);

} // namespace schedsan::run

#endif
