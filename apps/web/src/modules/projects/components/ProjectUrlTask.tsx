/** A URL iframe task: the page the task is about, embedded, with a way out when it refuses to be framed. */
export function ProjectUrlTask({ url, title }: { url: string; title: string }) {
  return (
    <div className="card widget-card project-url">
      <div className="project-url-bar small">
        <span className="muted">{url}</span>
        <a href={url} target="_blank" rel="noreferrer noopener">
          Open in a new tab ↗
        </a>
      </div>
      <iframe
        src={url}
        title={title}
        className="project-url-frame"
        sandbox="allow-scripts allow-forms allow-popups"
      />
    </div>
  );
}
