import fs from 'node:fs';
import path from 'node:path';
import { BIN_DIR, HARNESS_DIR, OUT_DIR, SRC_DIR } from '../sandbox/layout.js';
import { buildThenTest, filesWithExtension, heapMb, type LanguageDefinition } from './language.js';
import { parseJsonLines, resultFromRecord } from './testResults.js';

const JAVA = '/usr/bin/java';
const JAVAC = '/usr/bin/javac';

/** Start-up flags: one compiler tier and the serial collector keep start-up fast and the thread count low. */
const JVM_FLAGS = [
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:ActiveProcessorCount=1',
  '-Xshare:auto',
];

/** The JDK reads its configuration through /usr/lib/jvm/<jdk>/conf → /etc/java-<n>-openjdk. */
function javaEtcDirs(): string[] {
  try {
    return fs
      .readdirSync('/etc')
      .filter((name) => /^java-\d+-openjdk$/.test(name))
      .map((name) => `/etc/${name}`);
  } catch {
    return [];
  }
}

/**
 * A JUnit-less test harness: runs every public no-argument method of the test class that is annotated
 * `@Test` (the org.junit stub below, or any annotation named Test) or whose name starts with "test",
 * in name order, each on a fresh instance. Results go to a file the shell script copies to fd 4.
 */
const TEST_RUNNER = `
import java.io.*;
import java.lang.annotation.Annotation;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public final class CoderoomTestRunner {
  private static String json(String value) {
    if (value == null) return "null";
    StringBuilder out = new StringBuilder("\\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"': out.append("\\\\\\""); break;
        case '\\\\': out.append("\\\\\\\\"); break;
        case '\\n': out.append("\\\\n"); break;
        case '\\r': out.append("\\\\r"); break;
        case '\\t': out.append("\\\\t"); break;
        default:
          if (c < 0x20) out.append(String.format("\\\\u%04x", (int) c)); else out.append(c);
      }
    }
    return out.append('"').toString();
  }

  private static boolean isTest(Method method) {
    if (!Modifier.isPublic(method.getModifiers()) || method.getParameterCount() != 0) return false;
    for (Annotation annotation : method.getAnnotations()) {
      if (annotation.annotationType().getSimpleName().equals("Test")) return true;
    }
    return method.getName().startsWith("test");
  }

  private static String describe(Throwable error) {
    if (error instanceof AssertionError) return error.getMessage() == null ? "Assertion failed" : error.getMessage();
    StringWriter trace = new StringWriter();
    error.printStackTrace(new PrintWriter(trace));
    String[] lines = trace.toString().split("\\n");
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      if (line.contains("java.base/jdk.internal.reflect") || line.contains("CoderoomTestRunner")) break;
      out.append(line).append('\\n');
    }
    return out.toString().trim();
  }

  public static void main(String[] args) throws Exception {
    PrintStream results = new PrintStream(new FileOutputStream(args[1]), true, StandardCharsets.UTF_8);
    Class<?> suite = Class.forName(args[0]);
    Method[] methods = suite.getMethods();
    Arrays.sort(methods, Comparator.comparing(Method::getName));
    for (Method method : methods) {
      if (!isTest(method)) continue;
      long started = System.nanoTime();
      String status = "passed";
      String message = null;
      try {
        Object target = Modifier.isStatic(method.getModifiers()) ? null : suite.getDeclaredConstructor().newInstance();
        method.invoke(target);
      } catch (InvocationTargetException error) {
        status = "failed";
        message = describe(error.getCause());
      } catch (Throwable error) {
        status = "failed";
        message = describe(error);
      }
      double elapsed = (System.nanoTime() - started) / 1e6;
      results.println("{\\"name\\":" + json(method.getName()) + ",\\"status\\":\\"" + status + "\\",\\"message\\":" + json(message) + ",\\"duration_ms\\":" + elapsed + "}");
    }
    results.close();
  }
}
`;

/** Just enough of JUnit 4's API for typical exercises: @Test and the common assertions. */
const JUNIT_TEST = `
package org.junit;
import java.lang.annotation.*;
@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD) public @interface Test {}
`;

const JUNIT_ASSERT = `
package org.junit;
import java.util.Arrays;
import java.util.Objects;
public final class Assert {
  private Assert() {}
  private static String prefix(String message) { return message == null ? "" : message + ": "; }
  public static void fail(String message) { throw new AssertionError(message); }
  public static void fail() { throw new AssertionError(); }
  public static void assertTrue(String message, boolean condition) { if (!condition) fail(prefix(message) + "expected true"); }
  public static void assertTrue(boolean condition) { assertTrue(null, condition); }
  public static void assertFalse(String message, boolean condition) { if (condition) fail(prefix(message) + "expected false"); }
  public static void assertFalse(boolean condition) { assertFalse(null, condition); }
  public static void assertNull(Object value) { if (value != null) fail("expected null but was <" + value + ">"); }
  public static void assertNotNull(Object value) { if (value == null) fail("expected a value but was null"); }
  public static void assertEquals(String message, Object expected, Object actual) {
    if (!Objects.equals(expected, actual)) fail(prefix(message) + "expected:<" + expected + "> but was:<" + actual + ">");
  }
  public static void assertEquals(Object expected, Object actual) { assertEquals(null, expected, actual); }
  public static void assertEquals(String message, long expected, long actual) {
    if (expected != actual) fail(prefix(message) + "expected:<" + expected + "> but was:<" + actual + ">");
  }
  public static void assertEquals(long expected, long actual) { assertEquals(null, expected, actual); }
  public static void assertEquals(String message, double expected, double actual, double delta) {
    if (Double.compare(expected, actual) != 0 && Math.abs(expected - actual) > delta) fail(prefix(message) + "expected:<" + expected + "> but was:<" + actual + ">");
  }
  public static void assertEquals(double expected, double actual, double delta) { assertEquals(null, expected, actual, delta); }
  public static void assertNotEquals(Object unexpected, Object actual) { if (Objects.equals(unexpected, actual)) fail("values should differ: <" + actual + ">"); }
  public static void assertArrayEquals(int[] expected, int[] actual) { if (!Arrays.equals(expected, actual)) fail("expected:" + Arrays.toString(expected) + " but was:" + Arrays.toString(actual)); }
  public static void assertArrayEquals(long[] expected, long[] actual) { if (!Arrays.equals(expected, actual)) fail("expected:" + Arrays.toString(expected) + " but was:" + Arrays.toString(actual)); }
  public static void assertArrayEquals(Object[] expected, Object[] actual) { if (!Arrays.deepEquals(expected, actual)) fail("expected:" + Arrays.deepToString(expected) + " but was:" + Arrays.deepToString(actual)); }
}
`;

function mainClass(entry: string): string {
  return path.posix.basename(entry, '.java');
}

export const java: LanguageDefinition = {
  id: 'java',
  label: 'Java',
  defaultEntry: 'Main.java',
  binaries: [JAVAC, JAVA],
  binds: javaEtcDirs,
  versionArgv: [JAVA, '-version'],
  env: {},
  compile: {
    kind: 'sandbox',
    argv: (program) => [
      JAVAC,
      ...JVM_FLAGS.map((flag) => `-J${flag}`),
      '-encoding',
      'UTF-8',
      '-d',
      OUT_DIR,
      ...filesWithExtension(program, ['.java']),
    ],
  },
  run: ({ entry, memoryMb }) => [
    JAVA,
    `-Xmx${heapMb(memoryMb)}m`,
    ...JVM_FLAGS,
    '-cp',
    BIN_DIR,
    mainClass(entry),
  ],
  tests: {
    framework: 'JUnit-style harness (@Test / test* methods, org.junit.Assert)',
    defaultFilename: 'MainTest.java',
    compiles: true,
    plan: async ({ program, testFilename, testCode, memoryMb }) => {
      const sources = [
        ...filesWithExtension(program, ['.java']),
        testFilename,
        `${HARNESS_DIR}/CoderoomTestRunner.java`,
        `${HARNESS_DIR}/org/junit/Test.java`,
        `${HARNESS_DIR}/org/junit/Assert.java`,
      ];
      const classes = `${OUT_DIR}/classes`;
      return {
        files: [
          { path: `${SRC_DIR}/${testFilename}`, content: testCode },
          { path: `${HARNESS_DIR}/CoderoomTestRunner.java`, content: TEST_RUNNER, readOnly: true },
          { path: `${HARNESS_DIR}/org/junit/Test.java`, content: JUNIT_TEST, readOnly: true },
          { path: `${HARNESS_DIR}/org/junit/Assert.java`, content: JUNIT_ASSERT, readOnly: true },
        ],
        argv: buildThenTest(
          `${JAVAC} ${JVM_FLAGS.map((flag) => `-J${flag}`).join(' ')} -encoding UTF-8 -d ${classes} ${sources.join(' ')}`,
          `${JAVA} -Xmx${heapMb(memoryMb)}m ${JVM_FLAGS.join(' ')} -ea -cp ${classes} CoderoomTestRunner ${mainClass(testFilename)} /box/tmp/results.jsonl; status=$?; cat /box/tmp/results.jsonl >&4 2>/dev/null; exit $status`,
        ),
      };
    },
    parse: (channel) => {
      const records = parseJsonLines(channel);
      if (records.some((record) => record.compile_error === true)) return { tests: [], compileError: '' };
      return { tests: records.flatMap((record) => resultFromRecord(record) ?? []) };
    },
  },
};
