import type { LanguageId } from '@coderoom/contracts';

/**
 * The file a download gets and a starter program, per language. Kept apart from the editor's
 * highlighting (languageSupport.ts) so the code widget can show a toolbar before CodeMirror loads.
 */
export const LANGUAGE_FILES: Record<LanguageId, { fileName: string; starter: string }> = {
  python3: {
    fileName: 'main.py',
    starter: 'name = input("Your name? ")\nprint(f"Hello, {name}!")\n',
  },
  javascript: {
    fileName: 'main.js',
    starter:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the starter program itself uses a template literal
      "const lines = require('node:fs').readFileSync(0, 'utf8').trim().split('\\n');\nconsole.log(`Hello, ${lines[0] || 'world'}!`);\n",
  },
  typescript: {
    fileName: 'main.ts',
    starter:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the starter program itself uses a template literal
      "const greet = (name: string): string => `Hello, ${name}!`;\nconsole.log(greet('TypeScript'));\n",
  },
  'c++': {
    fileName: 'main.cpp',
    starter:
      '#include <iostream>\n#include <string>\n\nint main() {\n  std::string name;\n  std::getline(std::cin, name);\n  std::cout << "Hello, " << (name.empty() ? "world" : name) << "!\\n";\n}\n',
  },
  go: {
    fileName: 'main.go',
    starter: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("Hello, Go!")\n}\n',
  },
  rust: {
    fileName: 'main.rs',
    starter: 'fn main() {\n    println!("Hello, Rust!");\n}\n',
  },
  java: {
    fileName: 'Main.java',
    starter:
      'public class Main {\n    public static void main(String[] args) {\n        System.out.println("Hello, Java!");\n    }\n}\n',
  },
};
