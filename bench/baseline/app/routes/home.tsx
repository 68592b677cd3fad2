export function meta() {
  return [{ title: 'Référence' }, { name: 'description', content: 'Une page React Router minimale.' }];
}

export default function Home() {
  return (
    <main>
      <h1>Bonjour</h1>
      <p>Une page React Router minimale, construite comme le site.</p>
      {/* The site's server writes the founders' message and its title here on '/', and refuses a '/' built without their places. */}
      <h2>
        <span data-server-part="founders-message-title" />
      </h2>
      <div data-server-part="founders-message" />
    </main>
  );
}
