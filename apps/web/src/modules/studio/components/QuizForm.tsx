import type { WidgetOf } from '@coderoom/contracts';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { newCompId } from '../utils/newCompId';
import { Checkbox } from './Checkbox';
import { TextAreaField } from './TextAreaField';

type Quiz = WidgetOf<'Quiz'>;
type Question = Quiz['content']['questions'][number];
type Option = Question['options'][number];
const MAX_QUESTIONS = 30;
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 10;

export function QuizForm({ widget, onChange }: { widget: Quiz; onChange: (widget: Quiz) => void }) {
  const { content } = widget;
  const setQuestions = (questions: Question[]) => onChange({ ...widget, content: { ...content, questions } });
  const setQuestion = (id: string, patch: Partial<Question>) =>
    setQuestions(content.questions.map((q) => (q.id === id ? { ...q, ...patch } : q)));
  const setOption = (question: Question, id: string, patch: Partial<Option>) =>
    setQuestion(question.id, {
      options: question.options.map((o) => (o.id === id ? { ...o, ...patch } : o)),
    });

  return (
    <div className="stack studio-form">
      <TextField
        label="Quiz title"
        value={content.title ?? ''}
        maxLength={200}
        onChange={(event) =>
          onChange({ ...widget, content: { ...content, title: event.target.value || undefined } })
        }
      />
      {content.questions.map((question, index) => (
        <fieldset className="studio-fieldset" key={question.id}>
          <legend>Question {index + 1}</legend>
          <TextAreaField
            label="Question"
            rows={2}
            value={question.text}
            onChange={(event) => setQuestion(question.id, { text: event.target.value })}
          />
          <Checkbox
            label="More than one answer is correct"
            checked={question.multiple}
            onChange={(multiple) => setQuestion(question.id, { multiple })}
          />
          <ul className="studio-option-list">
            {question.options.map((option, at) => (
              <li key={option.id} className="studio-option">
                <input
                  className="studio-inline-input"
                  aria-label={`Question ${index + 1}, answer ${at + 1}`}
                  value={option.text}
                  maxLength={2000}
                  onChange={(event) => setOption(question, option.id, { text: event.target.value })}
                />
                <Checkbox
                  label="Correct"
                  checked={option.correct}
                  onChange={(correct) => setOption(question, option.id, { correct })}
                />
                <Button
                  variant="ghost"
                  disabled={question.options.length <= MIN_OPTIONS}
                  aria-label={`Remove answer ${at + 1}`}
                  onClick={() =>
                    setQuestion(question.id, { options: question.options.filter((o) => o.id !== option.id) })
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <div className="studio-inline-actions">
            <Button
              variant="secondary"
              disabled={question.options.length >= MAX_OPTIONS}
              onClick={() =>
                setQuestion(question.id, {
                  options: [...question.options, { id: newCompId(), text: '', correct: false }],
                })
              }
            >
              Add answer
            </Button>
            <Button
              variant="ghost"
              disabled={content.questions.length <= 1}
              onClick={() => setQuestions(content.questions.filter((q) => q.id !== question.id))}
            >
              Remove question
            </Button>
          </div>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        disabled={content.questions.length >= MAX_QUESTIONS}
        onClick={() =>
          setQuestions([
            ...content.questions,
            {
              id: newCompId(),
              text: '',
              multiple: false,
              options: [
                { id: newCompId(), text: '', correct: true },
                { id: newCompId(), text: '', correct: false },
              ],
            },
          ])
        }
      >
        Add question
      </Button>
    </div>
  );
}
