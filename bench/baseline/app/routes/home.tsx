export function meta() {
  return [{ title: 'Référence' }, { name: 'description', content: 'Une page React Router minimale.' }];
}

export default function Home() {
  return (
    <main>
      <h1>Bonjour</h1>
      <p>Une page React Router minimale, construite comme le site.</p>
    </main>
  );
}
