import '../modules/features/features.css';
import {
  type FeatureFlag,
  FeatureLabels,
  ROLLOUT_LEVELS,
  RolloutLabels,
  type RolloutLevel,
} from '@coderoom/domain';
import { ApiError } from '../modules/api/ApiError';
import { useAdminFeatures, useSetFeatureRollout } from '../modules/features/useFeatures';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

function Features() {
  usePageTitle('Features');
  const features = useAdminFeatures();
  const setRollout = useSetFeatureRollout();
  if (features.error instanceof ApiError && features.error.status === 403) return <ErrorPage code={403} />;
  const saving = setRollout.isPending ? setRollout.variables?.name : null;
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Features</h1>
        <p className="muted">
          Who gets each feature. Platform staff see every feature that is not disabled, so a feature can be
          tried before it reaches anyone else.
        </p>
      </header>
      {features.error && <FormMessage tone="error">{features.error.message}</FormMessage>}
      {setRollout.error && <FormMessage tone="error">{setRollout.error.message}</FormMessage>}
      {features.isPending ? (
        <PageLoading label="Loading features" />
      ) : (
        <table className="flag-table">
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Rolled out to</th>
              <th scope="col">Last changed</th>
            </tr>
          </thead>
          <tbody>
            {features.data?.features.map((feature) => {
              const selectId = `rollout-${feature.name}`;
              return (
                <tr key={feature.name}>
                  <th scope="row">
                    <label htmlFor={selectId}>{FeatureLabels[feature.name as FeatureFlag]}</label>
                  </th>
                  <td>
                    <select
                      id={selectId}
                      value={feature.rollout}
                      disabled={saving === feature.name}
                      aria-busy={saving === feature.name}
                      onChange={(event) =>
                        setRollout.mutate({ name: feature.name, rollout: event.target.value as RolloutLevel })
                      }
                    >
                      {ROLLOUT_LEVELS.map((level) => (
                        <option key={level} value={level}>
                          {RolloutLabels[level]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="muted small">
                    {feature.updated_at
                      ? `Changed ${new Date(feature.updated_at).toLocaleString()}`
                      : 'Never changed'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </main>
  );
}

export function AdminFeaturesPage() {
  return (
    <RequireUser>
      <Features />
    </RequireUser>
  );
}
