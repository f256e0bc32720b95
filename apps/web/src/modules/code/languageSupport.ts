import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import type { Extension } from '@codemirror/state';
import type { LanguageId } from '@coderoom/contracts';

/** Editor highlighting, the file a download gets, and a starter program per language. */
export const LANGUAGE_SUPPORT: Record<
  LanguageId,
  { extension: () => Extension; fileName: string; starter: string }
> = {
  python3: {
    extension: () => python(),
    fileName: 'main.py',
    starter: 'name = input("Your name? ")\nprint(f"Hello, {name}!")\n',
  },
  javascript: {
    extension: () => javascript(),
    fileName: 'main.js',
    starter:
      "const lines = require('node:fs').readFileSync(0, 'utf8').trim().split('\\n');\nconsole.log(`Hello, ${lines[0] || 'world'}!`);\n",
  },
  typescript: {
    extension: () => javascript({ typescript: true }),
    fileName: 'main.ts',
    starter:
      "const greet = (name: string): string => `Hello, ${name}!`;\nconsole.log(greet('TypeScript'));\n",
  },
  'c++': {
    extension: () => cpp(),
    fileName: 'main.cpp',
    starter:
      '#include <iostream>\n#include <string>\n\nint main() {\n  std::string name;\n  std::getline(std::cin, name);\n  std::cout << "Hello, " << (name.empty() ? "world" : name) << "!\\n";\n}\n',
  },
  go: {
    extension: () => go(),
    fileName: 'main.go',
    starter: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("Hello, Go!")\n}\n',
  },
  rust: {
    extension: () => rust(),
    fileName: 'main.rs',
    starter: 'fn main() {\n    println!("Hello, Rust!");\n}\n',
  },
  java: {
    extension: () => java(),
    fileName: 'Main.java',
    starter:
      'public class Main {\n    public static void main(String[] args) {\n        System.out.println("Hello, Java!");\n    }\n}\n',
  },
};
