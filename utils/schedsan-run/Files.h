//===- Files.h - A campaign's directories and files -------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/Files.h
//
// DESCRIPTION:
//    The file-system side of a campaign: the output directory (--out, or a
//    fresh one in $TMPDIR), the scratch directory (state files, traces of
//    failing runs before they are kept), moving and writing the files of a
//    failing run, and the CPUs the workers may use.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_FILES_H
#define SCHEDSAN_RUN_FILES_H

#include <cstddef>
#include <string>
#include <vector>

namespace schedsan::run {

std::string absolutePath(const std::string &P);

// mkdir -p; exits 2 if it cannot.
void makeDirs(const std::string &Dir);

// A new directory $TMPDIR/<Name>.XXXXXX (/tmp if $TMPDIR is unset or has
// spaces); exits 2 if it cannot.
std::string tempDir(const char *Name);

// A new scratch directory: on tmpfs (/dev/shm) when possible.
std::string scratchDir();

// rm -rf Dir.
void removeTree(const std::string &Dir);

// rename(), or copy and unlink across file systems.
bool moveFile(const std::string &From, const std::string &To);

// Replaces every Old in Text by New.
void replaceAll(std::string &Text, const std::string &Old,
                const std::string &New);

// Writes a kept run's stdout or stderr, with a first line saying how many
// bytes were dropped from its front, if any.
bool writeOutput(const std::string &Path, const std::string &Text,
                 size_t Dropped);

// The CPUs this process may run on (sched_getaffinity).
std::vector<int> availableCpus();
// Runs the calling thread (and what it starts later) on Cpu only.
bool pinThisThread(int Cpu);

} // namespace schedsan::run

#endif
