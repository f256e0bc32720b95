-- Questionnaires (docs/assessments.md "Questionnaires"): ungraded question sets whose answers are kept for
-- the author. One response per learner and questionnaire; answering again replaces it.
CREATE TABLE questionnaire_responses (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 70000001) PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- [{question_id, option_ids}] in question order.
  answers jsonb NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (collection_id, user_id)
);
CREATE INDEX questionnaire_responses_collection_idx ON questionnaire_responses (collection_id, submitted_at DESC);
