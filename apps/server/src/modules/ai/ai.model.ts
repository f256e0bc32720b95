import type { AiPassage } from '@coderoom/contracts';
import OpenAI from 'openai';
import type { AiModelConfig } from '../../platform/config.js';

// The model path of AI search: any OpenAI-compatible chat endpoint (llama.cpp, vLLM, a hosted API)
// writes the answer from the retrieved passages only. The caller owns the time limit (an AbortSignal).

export interface AnswerModel {
  /** Streams the answer's text as it is written; throws when the endpoint fails or the signal aborts. */
  streamAnswer(question: string, passages: AiPassage[], signal: AbortSignal): AsyncIterable<string>;
  /** Any other grounded text (the tutor's hints): a system prompt and one user message. */
  streamText(system: string, user: string, signal: AbortSignal): AsyncIterable<string>;
  timeoutMs: number;
}

const SYSTEM_PROMPT = [
  'You answer questions of learners on a programming course platform.',
  'Use only the numbered passages from the lessons given below. If they do not answer the question, say so.',
  'Cite the passages you use as [1], [2]. Write Markdown; put code in fenced blocks with their language.',
  'Be brief: a short explanation and, if useful, one code example taken from the passages.',
].join(' ');

export function groundingOf(passages: AiPassage[]): string {
  return passages
    .map((passage, index) => {
      const { citation } = passage;
      const code = passage.code ? `\n\nCode:\n${passage.code}` : '';
      return `[${index + 1}] ${citation.course_title} › ${citation.lesson_title} › ${citation.section}\n${passage.text}${code}`;
    })
    .join('\n\n---\n\n');
}

export function createAnswerModel(config: AiModelConfig): AnswerModel {
  // The SDK's own retries would outlast our time limit; the fallback is the extractive answer.
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, maxRetries: 0 });
  async function* streamText(system: string, user: string, signal: AbortSignal) {
    const stream = await client.chat.completions.create(
      {
        model: config.model,
        stream: true,
        temperature: 0.2,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      },
      { signal },
    );
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  }
  return {
    timeoutMs: config.timeoutMs,
    streamText,
    streamAnswer(question, passages, signal) {
      return streamText(
        SYSTEM_PROMPT,
        `Passages:\n\n${groundingOf(passages)}\n\nQuestion: ${question}`,
        signal,
      );
    },
  };
}
