import { genderGroups, nationalityGroups } from './topNames';

describe('top-10 groups', () => {
  it('orders genders as the console lists them and keeps unknown keys last', () => {
    const groups = genderGroups({ unisex: [['Sam', 1]], other: [['X', 9]], male: [['Tom', 5]], female: [['Ann', 3]] });
    expect(groups.map((g) => g.group)).toEqual(['male', 'female', 'unisex', 'other']);
  });

  it('orders nationalities by the likes of their top names, then by name', () => {
    const groups = nationalityGroups({
      french: [['Léa', 10]],
      irish: [
        ['Aoife', 30],
        ['Niamh', 5],
      ],
      german: [['Lukas', 10]],
    });
    expect(groups.map((g) => g.group)).toEqual(['irish', 'french', 'german']);
  });
});
