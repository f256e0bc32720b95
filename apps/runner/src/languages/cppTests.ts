import { HARNESS_DIR, OUT_DIR, SRC_DIR } from '../sandbox/layout.js';
import { buildThenTest, filesWithExtension, type LanguageTests } from './language.js';
import { parseJsonLines, resultFromRecord } from './testResults.js';

/**
 * C++ has no standard unit-test facility; GoogleTest is what most C++ developers know, so authors write
 * tests with its macros (`TEST(Suite, Name)`, `EXPECT_*` / `ASSERT_*`, `<< "context"`, `GTEST_SKIP()`)
 * and this header implements that subset. It compiles in a fraction of GoogleTest's time and needs no
 * library. The harness runs every test in a process of its own, so a crash fails that test only.
 */
export const CPP_TEST_HEADER = String.raw`#pragma once
#include <cmath>
#include <cstring>
#include <iterator>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace coderoom {

struct TestCase {
  const char* suite;
  const char* name;
  void (*body)();
};

inline std::vector<TestCase>& registry() {
  static std::vector<TestCase> tests;
  return tests;
}

struct Registrar {
  Registrar(const char* suite, const char* name, void (*body)()) { registry().push_back({suite, name, body}); }
};

/** Failures of the test running in this process. */
inline std::vector<std::string>& failures() {
  static std::vector<std::string> messages;
  return messages;
}

struct FatalFailure {};
struct Skipped {
  std::string reason;
};

template <class T, class = void>
struct Printable : std::false_type {};
template <class T>
struct Printable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};

template <class T, class = void>
struct Iterable : std::false_type {};
template <class T>
struct Iterable<T, std::void_t<decltype(std::begin(std::declval<const T&>())),
                               decltype(std::end(std::declval<const T&>()))>> : std::true_type {};

template <class T>
std::string show(const T& value) {
  std::ostringstream out;
  if constexpr (std::is_same_v<T, bool>) {
    out << (value ? "true" : "false");
  } else if constexpr (std::is_same_v<T, char>) {
    out << '\'' << value << '\'';
  } else if constexpr (std::is_convertible_v<const T&, std::string> && !std::is_pointer_v<T> &&
                       !std::is_array_v<T>) {
    out << '"' << std::string(value) << '"';
  } else if constexpr (Iterable<T>::value && !Printable<T>::value) {
    out << '{';
    bool first = true;
    for (const auto& item : value) {
      out << (first ? "" : ", ") << show(item);
      first = false;
    }
    out << '}';
  } else if constexpr (Printable<T>::value) {
    out << value;
  } else {
    out << "(a value that cannot be printed)";
  }
  return out.str();
}

/** Reports a failure at the end of the statement; fatal ones leave the test. */
class Failure {
 public:
  Failure(const char* file, int line, std::string text, bool fatal)
      : fatal_(fatal) {
    out_ << file << ":" << line << ": " << text;
  }
  template <class T>
  Failure& operator<<(const T& extra) {
    if (!streamed_) out_ << "\n  ";
    streamed_ = true;
    out_ << extra;
    return *this;
  }
  ~Failure() noexcept(false) {
    failures().push_back(out_.str());
    if (fatal_) throw FatalFailure{};
  }

 private:
  std::ostringstream out_;
  bool fatal_;
  bool streamed_ = false;
};

class SkipNote {
 public:
  template <class T>
  SkipNote& operator<<(const T& extra) {
    out_ << extra;
    return *this;
  }
  ~SkipNote() noexcept(false) { throw Skipped{out_.str()}; }

 private:
  std::ostringstream out_;
};

#define CODEROOM_COMPARE(name, op)                                                                  \
  template <class A, class B>                                                                       \
  std::string name(const char* left, const char* right, const A& a, const B& b) {                  \
    if (a op b) return "";                                                                          \
    return std::string("Expected: ") + left + " " #op " " + right + "\n  Actual: " + show(a) + " vs " + \
           show(b);                                                                                 \
  }
CODEROOM_COMPARE(check_eq, ==)
CODEROOM_COMPARE(check_ne, !=)
CODEROOM_COMPARE(check_lt, <)
CODEROOM_COMPARE(check_le, <=)
CODEROOM_COMPARE(check_gt, >)
CODEROOM_COMPARE(check_ge, >=)
#undef CODEROOM_COMPARE

inline std::string check_bool(const char* text, bool value, bool wanted) {
  if (value == wanted) return "";
  return std::string("Expected: ") + text + " is " + (wanted ? "true" : "false") + "\n  Actual: " +
         (value ? "true" : "false");
}

template <class A, class B, class C>
std::string check_near(const char* left, const char* right, const A& a, const B& b, const C& tolerance) {
  double difference = std::fabs(static_cast<double>(a) - static_cast<double>(b));
  if (difference <= static_cast<double>(tolerance)) return "";
  return std::string("Expected: ") + left + " and " + right + " within " + show(tolerance) +
         "\n  Actual: " + show(a) + " vs " + show(b);
}

inline std::string check_streq(const char* left, const char* right, const char* a, const char* b, bool equal) {
  bool same = (a == nullptr || b == nullptr) ? a == b : std::strcmp(a, b) == 0;
  if (same == equal) return "";
  return std::string("Expected: ") + left + (equal ? " equals " : " differs from ") + right +
         "\n  Actual: " + (a ? show(std::string(a)) : "NULL") + " vs " + (b ? show(std::string(b)) : "NULL");
}

template <class E, class F>
std::string check_throws(F statement, const char* text, const char* type) {
  try {
    statement();
  } catch (const E&) {
    return "";
  } catch (...) {
    return std::string("Expected: ") + text + " throws " + type + "\n  Actual: it throws another exception";
  }
  return std::string("Expected: ") + text + " throws " + type + "\n  Actual: it throws nothing";
}

template <class F>
std::string check_any_throw(F statement, const char* text) {
  try {
    statement();
  } catch (...) {
    return "";
  }
  return std::string("Expected: ") + text + " throws\n  Actual: it throws nothing";
}

template <class F>
std::string check_no_throw(F statement, const char* text) {
  try {
    statement();
  } catch (const std::exception& error) {
    return std::string("Expected: ") + text + " throws nothing\n  Actual: it throws: " + error.what();
  } catch (...) {
    return std::string("Expected: ") + text + " throws nothing\n  Actual: it throws";
  }
  return "";
}

}  // namespace coderoom

#define CODEROOM_REPORT(check, fatal)                                                       \
  for (std::string coderoom_message_ = (check); !coderoom_message_.empty(); coderoom_message_.clear()) \
  ::coderoom::Failure(__FILE__, __LINE__, coderoom_message_, fatal)

#define TEST(suite, name)                                                                   \
  static void coderoom_test_##suite##_##name();                                             \
  static ::coderoom::Registrar coderoom_registrar_##suite##_##name(#suite, #name,           \
                                                                   &coderoom_test_##suite##_##name); \
  static void coderoom_test_##suite##_##name()

#define EXPECT_EQ(a, b) CODEROOM_REPORT(::coderoom::check_eq(#a, #b, (a), (b)), false)
#define EXPECT_NE(a, b) CODEROOM_REPORT(::coderoom::check_ne(#a, #b, (a), (b)), false)
#define EXPECT_LT(a, b) CODEROOM_REPORT(::coderoom::check_lt(#a, #b, (a), (b)), false)
#define EXPECT_LE(a, b) CODEROOM_REPORT(::coderoom::check_le(#a, #b, (a), (b)), false)
#define EXPECT_GT(a, b) CODEROOM_REPORT(::coderoom::check_gt(#a, #b, (a), (b)), false)
#define EXPECT_GE(a, b) CODEROOM_REPORT(::coderoom::check_ge(#a, #b, (a), (b)), false)
#define EXPECT_TRUE(x) CODEROOM_REPORT(::coderoom::check_bool(#x, static_cast<bool>(x), true), false)
#define EXPECT_FALSE(x) CODEROOM_REPORT(::coderoom::check_bool(#x, static_cast<bool>(x), false), false)
#define EXPECT_NEAR(a, b, t) CODEROOM_REPORT(::coderoom::check_near(#a, #b, (a), (b), (t)), false)
#define EXPECT_STREQ(a, b) CODEROOM_REPORT(::coderoom::check_streq(#a, #b, (a), (b), true), false)
#define EXPECT_STRNE(a, b) CODEROOM_REPORT(::coderoom::check_streq(#a, #b, (a), (b), false), false)
#define EXPECT_THROW(s, e) CODEROOM_REPORT(::coderoom::check_throws<e>([&] { s; }, #s, #e), false)
#define EXPECT_ANY_THROW(s) CODEROOM_REPORT(::coderoom::check_any_throw([&] { s; }, #s), false)
#define EXPECT_NO_THROW(s) CODEROOM_REPORT(::coderoom::check_no_throw([&] { s; }, #s), false)

#define ASSERT_EQ(a, b) CODEROOM_REPORT(::coderoom::check_eq(#a, #b, (a), (b)), true)
#define ASSERT_NE(a, b) CODEROOM_REPORT(::coderoom::check_ne(#a, #b, (a), (b)), true)
#define ASSERT_LT(a, b) CODEROOM_REPORT(::coderoom::check_lt(#a, #b, (a), (b)), true)
#define ASSERT_LE(a, b) CODEROOM_REPORT(::coderoom::check_le(#a, #b, (a), (b)), true)
#define ASSERT_GT(a, b) CODEROOM_REPORT(::coderoom::check_gt(#a, #b, (a), (b)), true)
#define ASSERT_GE(a, b) CODEROOM_REPORT(::coderoom::check_ge(#a, #b, (a), (b)), true)
#define ASSERT_TRUE(x) CODEROOM_REPORT(::coderoom::check_bool(#x, static_cast<bool>(x), true), true)
#define ASSERT_FALSE(x) CODEROOM_REPORT(::coderoom::check_bool(#x, static_cast<bool>(x), false), true)
#define ASSERT_NEAR(a, b, t) CODEROOM_REPORT(::coderoom::check_near(#a, #b, (a), (b), (t)), true)
#define ASSERT_STREQ(a, b) CODEROOM_REPORT(::coderoom::check_streq(#a, #b, (a), (b), true), true)
#define ASSERT_THROW(s, e) CODEROOM_REPORT(::coderoom::check_throws<e>([&] { s; }, #s, #e), true)
#define ASSERT_NO_THROW(s) CODEROOM_REPORT(::coderoom::check_no_throw([&] { s; }, #s), true)
#define FAIL() ::coderoom::Failure(__FILE__, __LINE__, "Failed", true)
#define ADD_FAILURE() ::coderoom::Failure(__FILE__, __LINE__, "Failed", false)
#define GTEST_SKIP() ::coderoom::SkipNote()
`;

/**
 * The test program's main: every test in a child process (a crash or an exit fails that test only), its
 * record back through a pipe, one JSON line per test to fd 4. Compiled without the learner's `main`
 * (renamed by `-Dmain=…` on the command line, undone here first).
 */
export const CPP_TEST_MAIN = String.raw`#undef main
#include "coderoom_test.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

std::string json(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void writeAll(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t wrote = write(fd, text.data() + done, text.size() - done);
    if (wrote <= 0) return;
    done += static_cast<std::size_t>(wrote);
  }
}

/** Runs one test in this (child) process; its outcome as "status\nmessage". */
std::string runOne(const coderoom::TestCase& test) {
  try {
    test.body();
  } catch (const coderoom::FatalFailure&) {
  } catch (const coderoom::Skipped& skipped) {
    return "skipped\n" + skipped.reason;
  } catch (const std::exception& error) {
    coderoom::failures().push_back(std::string("Uncaught exception: ") + error.what());
  } catch (...) {
    coderoom::failures().push_back("Uncaught exception");
  }
  if (coderoom::failures().empty()) return "passed\n";
  std::string message;
  for (const std::string& failure : coderoom::failures()) message += (message.empty() ? "" : "\n") + failure;
  return "failed\n" + message;
}

}  // namespace

int main() {
  for (const coderoom::TestCase& test : coderoom::registry()) {
    std::string name = std::string(test.suite) + "." + test.name;
    std::cout.flush();
    std::fflush(nullptr);
    int channel[2];
    if (pipe(channel) != 0) return 2;
    auto started = std::chrono::steady_clock::now();
    pid_t child = fork();
    if (child < 0) return 2;
    if (child == 0) {
      close(channel[0]);
      std::string outcome = runOne(test);
      std::cout.flush();
      std::fflush(nullptr);
      writeAll(channel[1], outcome);
      _exit(0);
    }
    close(channel[1]);
    std::string outcome;
    char buffer[4096];
    ssize_t got;
    while ((got = read(channel[0], buffer, sizeof buffer)) > 0) outcome.append(buffer, static_cast<std::size_t>(got));
    close(channel[0]);
    int status = 0;
    waitpid(child, &status, 0);
    long ms = static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::steady_clock::now() - started)
                                     .count());
    std::string state = "failed";
    std::string message;
    std::size_t split = outcome.find('\n');
    if (split != std::string::npos) {
      state = outcome.substr(0, split);
      message = outcome.substr(split + 1);
    } else if (WIFSIGNALED(status)) {
      message = std::string("The test crashed (") + strsignal(WTERMSIG(status)) + ")";
    } else {
      message = "The test ended the program (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
    }
    std::string record = "{\"name\":" + json(name) + ",\"status\":" + json(state) +
                         (message.empty() ? "" : ",\"message\":" + json(message)) +
                         ",\"duration_ms\":" + std::to_string(ms) + "}\n";
    writeAll(4, record);
  }
  return 0;
}
`;

const GPP = '/usr/bin/g++';
const SOURCE_EXTENSIONS = ['.cpp', '.cc', '.cxx'];

/** Learner sources the test file includes itself (`#include "main.cpp"`) are not compiled a second time. */
function includedByTests(testCode: string, file: string): boolean {
  const name = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*#\\s*include\\s*"${name}"`, 'm').test(testCode);
}

export const cppTests: LanguageTests = {
  framework: 'GoogleTest-style macros (TEST, EXPECT_*, ASSERT_*)',
  defaultFilename: 'main_test.cpp',
  compiles: true,
  plan: async ({ program, testFilename, testCode }) => {
    const sources = filesWithExtension(program, SOURCE_EXTENSIONS).filter(
      (file) => file !== testFilename && !includedByTests(testCode, file),
    );
    return {
      files: [
        // The macros come with the file (a `#line` keeps the author's line numbers); `#include
        // <gtest/gtest.h>` works too.
        {
          path: `${SRC_DIR}/${testFilename}`,
          content: `#include "coderoom_test.hpp"\n#line 1 "${testFilename}"\n${testCode}`,
        },
        {
          path: `${HARNESS_DIR}/gtest/gtest.h`,
          content: '#pragma once\n#include "../coderoom_test.hpp"\n',
          readOnly: true,
        },
        { path: `${HARNESS_DIR}/coderoom_test.hpp`, content: CPP_TEST_HEADER, readOnly: true },
        { path: `${HARNESS_DIR}/coderoom_test_main.cpp`, content: CPP_TEST_MAIN, readOnly: true },
      ],
      argv: buildThenTest(
        [
          GPP,
          '-std=gnu++17',
          '-O1',
          '-pipe',
          '-fdiagnostics-color=never',
          '-Dmain=coderoom_program_main',
          `-I${HARNESS_DIR}`,
          '-o',
          `${OUT_DIR}/tests`,
          ...sources,
          testFilename,
          `${HARNESS_DIR}/coderoom_test_main.cpp`,
        ].join(' '),
        `exec ${OUT_DIR}/tests`,
      ),
    };
  },
  parse: (channel) => {
    const records = parseJsonLines(channel);
    if (records.some((record) => record.compile_error === true)) return { tests: [], compileError: '' };
    return { tests: records.flatMap((record) => resultFromRecord(record) ?? []) };
  },
};
