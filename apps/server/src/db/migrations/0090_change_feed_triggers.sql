-- The change feed's net (docs/performance.md, "Caches"): every write to a table whose rows a read-path
-- cache holds sends `topic:key` on the coderoom_changes channel, from the writer's own transaction, so
-- every API process drops its copy when (and only if) the write commits, whichever code path wrote it
-- (routes, jobs, the seed, another module added later). PostgreSQL folds repeats of one payload in a
-- transaction into one notification.
--
-- coderoom_notify_change(topic, column): notifies `topic:<column's value>` for the old and the new row.
CREATE FUNCTION coderoom_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    key := to_jsonb(OLD) ->> TG_ARGV[1];
    IF key IS NOT NULL THEN
      PERFORM pg_notify('coderoom_changes', TG_ARGV[0] || ':' || key);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    key := to_jsonb(NEW) ->> TG_ARGV[1];
    IF key IS NOT NULL THEN
      PERFORM pg_notify('coderoom_changes', TG_ARGV[0] || ':' || key);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

-- A team's members belong to the team's organization (the row names only the team).
CREATE FUNCTION coderoom_notify_team_member() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organization bigint;
BEGIN
  SELECT organization_id INTO organization FROM organization_teams
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.team_id ELSE NEW.team_id END);
  IF organization IS NOT NULL THEN
    PERFORM pg_notify('coderoom_changes', 'organization:' || organization);
  END IF;
  RETURN NULL;
END;
$$;

-- A collection as readers see it: the row (status, privacy, review state, author), its live version and
-- early access, its collaborators, its price; a new learner moves its learner count.
CREATE TRIGGER collections_changes AFTER UPDATE OR DELETE ON collections
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('collection', 'id');
CREATE TRIGGER collection_versions_changes AFTER INSERT OR UPDATE OR DELETE ON collection_versions
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('collection', 'collection_id');
CREATE TRIGGER collection_collaborators_changes AFTER INSERT OR UPDATE OR DELETE ON collection_collaborators
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('collection', 'collection_id');
CREATE TRIGGER course_prices_changes AFTER INSERT OR UPDATE OR DELETE ON course_prices
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('collection', 'collection_id');
CREATE TRIGGER learner_works_count_changes AFTER INSERT OR DELETE ON learner_works
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('collection', 'collection_id');

-- A user's own row (name, admin role): user info, an author's name, the sessions' role.
CREATE TRIGGER users_changes AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('user', 'id');

-- What opens priced content and fills user info for one user: subscriptions, purchases, memberships.
CREATE TRIGGER subscriptions_changes AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('access', 'user_id');
CREATE TRIGGER course_purchases_changes AFTER INSERT OR UPDATE OR DELETE ON course_purchases
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('access', 'user_id');
CREATE TRIGGER organization_members_user_changes AFTER INSERT OR UPDATE OR DELETE ON organization_members
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('access', 'user_id');
CREATE TRIGGER organization_choices_changes AFTER INSERT OR UPDATE OR DELETE ON organization_choices
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('access', 'user_id');

-- An organization's terms reach all of its members at once (a member's own row is theirs, above).
CREATE TRIGGER organizations_changes AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('organization', 'id');
CREATE TRIGGER organization_subscriptions_changes AFTER INSERT OR UPDATE OR DELETE ON organization_subscriptions
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('organization', 'organization_id');
CREATE TRIGGER organization_teams_changes AFTER INSERT OR UPDATE OR DELETE ON organization_teams
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('organization', 'organization_id');
CREATE TRIGGER organization_team_members_changes AFTER INSERT OR UPDATE OR DELETE ON organization_team_members
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_team_member();

-- The learner's own state in a collection: visits, completions, pins, certificates, widget data.
CREATE TRIGGER learner_works_changes AFTER INSERT OR UPDATE OR DELETE ON learner_works
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('learner', 'user_id');
CREATE TRIGGER page_completions_changes AFTER INSERT OR UPDATE OR DELETE ON page_completions
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('learner', 'user_id');
CREATE TRIGGER pinned_works_changes AFTER INSERT OR UPDATE OR DELETE ON pinned_works
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('learner', 'user_id');
CREATE TRIGGER certificates_changes AFTER INSERT OR UPDATE OR DELETE ON certificates
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('learner', 'user_id');
CREATE TRIGGER user_maps_changes AFTER INSERT OR UPDATE OR DELETE ON user_maps
  FOR EACH ROW EXECUTE FUNCTION coderoom_notify_change('learner', 'user_id');
