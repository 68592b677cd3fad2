/** Realistic French material for the demo data: names, clubs, words, sports. */

export const FIRST_NAMES = [
  'Léa', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Nathan', 'Camille', 'Enzo', 'Inès', 'Louis', 'Jade', 'Gabriel', 'Sarah', 'Arthur',
  'Emma', 'Jules', 'Zoé', 'Raphaël', 'Lina', 'Adam', 'Clara', 'Mathis', 'Louise', 'Noah', 'Alice', 'Théo', 'Ambre', 'Tom',
  'Anaïs', 'Yanis', 'Margaux', 'Maël', 'Julie', 'Paul', 'Océane', 'Sacha', 'Eva', 'Mohamed', 'Lou', 'Antoine',
];

export const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent',
  'Lefebvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Mercier',
  'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Muller',
];

export const CLUB_NAMES = [
  'AS Villeurbanne Basket', 'Running Club de Nantes', 'Union Cycliste Lilloise', 'Stade Toulousain Amateurs', 'Aviron Bayonnais',
  'Les Dauphins de Rennes', 'Grimpe & Cie Grenoble', 'Tennis Club du Vieux-Port', 'Judo Club Strasbourg', 'Trail des Volcans',
  'Handball Club Angevin', 'Roller Derby Bordeaux', 'Volley Club Montpelliérain', 'Les Foulées Dijonnaises', 'Escrime Lyon 7',
  'Kayak Club de l’Ardèche', 'Rugby Club Brestois', 'Badminton Val-de-Loire', 'Tri Team Annecy', 'Pétanque Club d’Arles',
];

export const WORDS = [
  'Trop hâte de pouvoir covoiturer jusqu’aux matchs de mon équipe !',
  'Enfin une appli pensée pour les sportifs, bravo à toute l’équipe 💪',
  'Plus besoin de galérer pour aller aux tournois le dimanche matin.',
  'Super initiative, je partagerai ma voiture pour le semi-marathon de Lyon.',
  'Vivement le lancement, on va remplir les voitures jusqu’au stade ⚽',
  'Bravo pour ce projet associatif, c’est exactement ce qui manquait.',
  'J’ai hâte de trouver des partenaires de course près de chez moi 🏃‍♀️',
  'Allez l’équipe, on compte sur vous pour la saison prochaine !',
  'Moins de voitures, plus de sport, j’adore l’idée 🌱',
  'Merci de penser aux petits clubs et à leurs déplacements.',
  'Le covoiturage pour les compétitions, c’est le rêve de tous les parents !',
  'Je soutiens à 100 %, hâte de tester l’appli 🚗',
  'Enfin une solution pour aller aux trails en montagne sans galère.',
  'Une super idée pour rendre le sport plus accessible à tous.',
  'Impatient de rencontrer d’autres passionnés de vélo grâce à vous 🚴',
];

export const SPORTS: [string, string][] = [
  ['Football', '⚽'], ['Basketball', '🏀'], ['Tennis', '🎾'], ['Rugby', '🏉'], ['Course à pied', '🏃'], ['Cyclisme', '🚴'],
  ['Natation', '🏊'], ['Escalade', '🧗'], ['Handball', '🤾'], ['Volley-ball', '🏐'], ['Judo', '🥋'], ['Badminton', '🏸'],
  ['Trail', '⛰️'], ['Aviron', '🚣'], ['Pétanque', '🎯'], ['Ski', '⛷️'], ['Surf', '🏄'], ['Escrime', '🤺'],
];

export const PENDING_SPORTS: [string, string][] = [['Ultimate', '🥏'], ['Roller derby', '🛼'], ['Padel', '🎾'], ['Kitesurf', '🪁']];

export const EXPECTATIONS = [
  'Trouver facilement un trajet pour les matchs à l’extérieur.',
  'Partager les frais d’essence avec d’autres supporters.',
  'Une appli simple, avec des conducteurs fiables.',
  'Pouvoir organiser les déplacements de mon club.',
  'Découvrir des événements sportifs près de chez moi.',
];

export const SUGGESTIONS = [
  'Ajouter un filtre par sport dans la recherche de trajets.',
  'Pouvoir réserver un trajet aller-retour en une fois.',
  'Des notifications quand un trajet part de ma ville.',
  'Afficher la place de parking la plus proche du stade.',
];
